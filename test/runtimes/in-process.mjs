// The mock in-process, run unchanged under Node 22, Node 24, Bun and Deno by `npm run test:runtimes`:
// `createMockService()` from the packed `acs-mock` and the SDK on `fetch: mock.fetch` (no network, no
// msw; msw does not intercept fetch under Bun, and keeps Deno alive). The launchers do not exit by hand:
// the script checks that importing and using the mock lets the runtime end on its own.
import { AcsClient, NotFoundError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export const IN_PROCESS_STEPS = [
  'mock.fetch auth.verify',
  'mock.fetch customers.create',
  'mock.fetch for await list',
  'mock.fetch NotFoundError',
];

class StepFailure extends Error {}
const check = (condition, message) => {
  if (!condition) throw new StepFailure(message);
};
const now = () => (globalThis.performance ?? Date).now();

/** Runs every step and returns `[{ step, ok, ms, detail }]`, as scenario.mjs does. */
export async function runInProcess({ runtime, onStep }) {
  const results = [];
  let mock;
  let client;
  const acs = () => {
    mock ??= createMockService({ seed: 'demo' });
    return (client ??= new AcsClient({
      apiKey: mock.credentials.apiKey,
      companyId: mock.credentials.companyId,
      fetch: mock.fetch,
      maxRetries: 0,
    }));
  };
  const step = async (name, body) => {
    const started = now();
    let ok = false;
    let detail;
    try {
      detail = await body();
      ok = true;
    } catch (error) {
      detail = error instanceof StepFailure ? error.message : `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`;
    }
    const result = { step: name, ok, ms: Math.round(now() - started), detail: String(detail ?? '') };
    results.push(result);
    onStep?.(result);
  };

  await step(IN_PROCESS_STEPS[0], async () => {
    const verified = await acs().auth.verify();
    check(verified.company?.id === mock.credentials.companyId, `verified company ${verified.company?.id}`);
    return verified.company.name;
  });
  await step(IN_PROCESS_STEPS[1], async () => {
    const customer = await acs().customers.create({ name: `In-process ${runtime}`, email: `in-process+${runtime}@example.my` });
    check(typeof customer.id === 'string' && customer.name === `In-process ${runtime}`, `unexpected customer ${JSON.stringify(customer)}`);
    return customer.id;
  });
  await step(IN_PROCESS_STEPS[2], async () => {
    let count = 0;
    for await (const account of acs().accounts.list({ limit: 5 })) {
      check(typeof account.id === 'string', 'an account without id');
      if (++count >= 12) break;
    }
    check(count >= 12, `only ${count} accounts`);
    return `${count} accounts, limit 5`;
  });
  await step(IN_PROCESS_STEPS[3], async () => {
    try {
      await acs().customers.retrieve('cus_does_not_exist');
    } catch (error) {
      check(error instanceof NotFoundError && error.status === 404, `got ${error?.name}: ${error?.message}`);
      return `${error.status} ${error.code}`;
    }
    throw new StepFailure('retrieving an unknown customer resolved');
  });
  return results;
}
