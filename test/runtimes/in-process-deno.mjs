// Launcher of in-process.mjs for Deno: `deno run --no-prompt test/runtimes/in-process-deno.mjs` (no permission needed).
import { resultLine, stepLine } from './report.mjs';
import { runInProcess } from './in-process.mjs';

const results = await runInProcess({ runtime: 'deno', onStep: (result) => console.log(stepLine('deno', result)) });
console.log(resultLine('deno', `deno ${Deno.version.deno}`, results));
// No Deno.exit(): importing the mock must not keep Deno alive (msw, which would, is not loaded).
