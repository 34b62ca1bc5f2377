// Launcher for Node (22 and 24) and Bun: `node|bun test/runtimes/node.mjs '<env as JSON>'`.
import { passed, resultLine, stepLine } from './report.mjs';
import { run } from './scenario.mjs';

const runtime = globalThis.Bun ? 'bun' : `node${process.versions.node.split('.')[0]}`;
const version = globalThis.Bun ? `bun ${globalThis.Bun.version}` : `node ${process.version}`;
const env = JSON.parse(process.argv[2]);
const results = await run({ ...env, runtime, onStep: (result) => console.log(stepLine(runtime, result)) });
console.log(resultLine(runtime, version, results));
process.exitCode = passed(results) ? 0 : 1;
