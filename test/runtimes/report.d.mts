// Types of report.mjs (plain JavaScript, run as is by every runtime), for the TypeScript that imports it.
export interface StepResult {
  step: string;
  ok: boolean;
  ms: number;
  detail: string;
}
export declare const RESULT_MARK: string;
export declare const stepLine: (runtime: string, result: StepResult) => string;
export declare const resultLine: (runtime: string, version: string, results: StepResult[]) => string;
export declare const passed: (results: StepResult[]) => boolean;
