export declare const BUNDLE_FILE: string;
export declare function dashboardBundle(): Promise<string>;
