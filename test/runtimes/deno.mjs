// Launcher for Deno: `deno run --allow-net=127.0.0.1 test/runtimes/deno.mjs '<env as JSON>'`.
import { passed, resultLine, stepLine } from './report.mjs';
import { run } from './scenario.mjs';

const env = JSON.parse(Deno.args[0]);
const results = await run({ ...env, runtime: 'deno', onStep: (result) => console.log(stepLine('deno', result)) });
console.log(resultLine('deno', `deno ${Deno.version.deno}`, results));
Deno.exitCode = passed(results) ? 0 : 1;
