// The edge worker (workerd): bundled by scripts/test-runtimes.mjs with esbuild (browser condition) and
// run by workerd-host.mjs through miniflare. A POST with the env as JSON runs the scenario once.
import { stepLine } from './report.mjs';
import { run } from './scenario.mjs';

export default {
  async fetch(request) {
    const env = await request.json();
    const results = await run({ ...env, runtime: 'workerd', onStep: (result) => console.log(stepLine('workerd', result)) });
    return Response.json(results);
  },
};
