// The server of `bench/request-cost.ts`: the standalone mock as `acs-mock --port 0 --json --quiet` serves
// it (startMockServer, no request log) with the data of request-data.ts. Prints the credentials as one JSON line.
import { startMockServer } from '../mock-server/standalone.js';
import { fillRequestBench, REQUEST_BENCH_NOW } from './request-data.js';

const running = await startMockServer({ port: 0, seed: 'demo', now: REQUEST_BENCH_NOW });
fillRequestBench(running.mock);
process.stdout.write(`${JSON.stringify(running.credentials)}\n`);
process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
