// Launcher of in-process.mjs for Node (22 and 24) and Bun: `node|bun test/runtimes/in-process-node.mjs`.
import { resultLine, stepLine } from './report.mjs';
import { runInProcess } from './in-process.mjs';

const runtime = globalThis.Bun ? 'bun' : `node${process.versions.node.split('.')[0]}`;
const version = globalThis.Bun ? `bun ${globalThis.Bun.version}` : `node ${process.version}`;
const results = await runInProcess({ runtime, onStep: (result) => console.log(stepLine(runtime, result)) });
console.log(resultLine(runtime, version, results));
// No process.exit(): the runtime must end on its own once the mock is idle.
