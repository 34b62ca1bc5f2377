// One scenario, run unchanged under every runtime `npm run test:runtimes` checks (Node 22, Node 24, Bun,
// Deno, workerd). It uses the packed package by its name, as an app would, and talks to a standalone
// `acs-mock` over HTTP and WebSocket. Web APIs only: no Node built-ins, no msw, no process/Deno globals.
import { AcsClient, NotFoundError } from 'acs-sdk';
import { codeChallengeS256, createPkcePair } from 'acs-sdk/oauth';
import { signPayload, verifySignature } from 'acs-sdk/webhooks';

// RFC 7636, Appendix B.
const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC7636_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const PAGE = 2;

class StepFailure extends Error {}
const check = (condition, message) => {
  if (!condition) throw new StepFailure(message);
};
const now = () => (globalThis.performance ?? Date).now();
const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

function within(ms, promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new StepFailure(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs every step, whatever the ones before did, and returns `[{ step, ok, ms, detail }]`.
 * @param {{ runtime: string, baseUrl: string, apiKey: string, companyId: string, onStep?: (result: object) => void }} env
 */
export async function run(env) {
  const { baseUrl, apiKey, companyId } = env;
  const slug = `${env.runtime}-${Math.random().toString(36).slice(2, 8)}`;
  const tag = slug.replace('-', ' ');
  // Made in the first step that needs it, so a constructor that throws fails steps rather than the run.
  let client;
  const acs = () => (client ??= new AcsClient({ apiKey, companyId, baseUrl }));
  const results = [];

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
    env.onStep?.(result);
  };

  await step('auth.verify', async () => {
    const verified = await acs().auth.verify();
    check(verified.company?.id === companyId, `verified company ${verified.company?.id}, expected ${companyId}`);
    return `${verified.company.name}`;
  });

  await step('customers.create', async () => {
    const customer = await acs().customers.create({ name: `Runtime check ${tag}`, email: `runtimes+${slug}@example.my` });
    check(typeof customer.id === 'string' && customer.name === `Runtime check ${tag}`, `unexpected customer ${JSON.stringify(customer)}`);
    return customer.id;
  });

  await step('for await list (pages)', async () => {
    const ids = new Set();
    for await (const customer of acs().customers.list({ limit: PAGE })) {
      ids.add(customer.id);
      if (ids.size > 3 * PAGE) break; // enough to have crossed pages
    }
    check(ids.size > PAGE, `only ${ids.size} customers with limit ${PAGE}: the paginator did not fetch a second page`);
    return `${ids.size} customers, limit ${PAGE}`;
  });

  await step('NotFoundError', async () => {
    try {
      await acs().customers.retrieve('cus_does_not_exist');
    } catch (error) {
      check(error instanceof NotFoundError, `got ${error?.name}: ${error?.message}, not a NotFoundError`);
      check(error.status === 404, `status ${error.status}`);
      check(typeof error.code === 'string' && /NOT_FOUND$/.test(error.code), `code ${error.code}`);
      return `${error.status} ${error.code}`;
    }
    throw new StepFailure('retrieving an unknown customer resolved');
  });

  await step('webhooks.verifySignature', async () => {
    const secret = 'whsec_runtime_check';
    const payload = JSON.stringify({
      id: 'evt_runtime',
      event: 'customer.created',
      timestamp: new Date().toISOString(),
      companyId,
      data: { name: tag },
    });
    const signature = await signPayload({ payload, secret });
    // The webhooks guide's recipe by hand (docs/guides/webhooks.md): sha256= and the hex HMAC-SHA256 of the raw body, keyed with the secret.
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const byHand = `sha256=${hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload)))}`;
    check(signature === byHand, `signPayload gave ${signature}, HMAC by hand ${byHand}`);
    check((await verifySignature({ payload, signature, secret })) === true, 'a good signature was refused');
    check((await verifySignature({ payload: `${payload} `, signature, secret })) === false, 'a changed body was accepted');
    check((await verifySignature({ payload, signature, secret: 'whsec_other' })) === false, 'another secret was accepted');
    return 'good accepted, tampered refused';
  });

  await step('oauth PKCE', async () => {
    const challenge = await codeChallengeS256(RFC7636_VERIFIER);
    check(challenge === RFC7636_CHALLENGE, `RFC 7636 Appendix B: got ${challenge}`);
    const pair = await createPkcePair();
    check(/^[A-Za-z0-9_-]{43}$/.test(pair.codeVerifier), `verifier ${pair.codeVerifier}`);
    check(
      pair.codeChallengeMethod === 'S256' && pair.codeChallenge === (await codeChallengeS256(pair.codeVerifier)),
      'pair challenge mismatch',
    );
    return 'RFC 7636 vector';
  });

  await step('stream event', async () => {
    const name = `Streamed ${tag}`;
    const stream = acs().stream({ channels: ['customer.created'] });
    try {
      const received = new Promise((resolve) => {
        stream.on('customer.created', (event) => {
          if (event.data?.name === name) resolve(event);
        });
      });
      await within(10_000, stream.ready(), 'stream ready');
      const customer = await acs().customers.create({ name, email: `stream+${slug}@example.my` });
      const event = await within(10_000, received, 'customer.created event');
      check(event.channel === 'customer.created' && event.data.id === customer.id, `event ${JSON.stringify(event)}`);
      return `${event.channel} ${event.meta?.eventId}`;
    } finally {
      stream.close();
    }
  });

  return results;
}
