// The cost of a call (docs/development.md, "The cost of a call"): one retrieve call of each client against one bare
// node:http server in a child process, every answer exactly 600 bytes of JSON shaped the way its client
// expects. Raw `fetch` is the floor; bare `ky.get(url).json()` (ky's defaults) is what the SDK's HTTP library costs on its own; the
// openai and stripe clients are the peers. All run in one interleaved measurement: rounds of a few calls
// per client, the order rotated every round, so a change of the machine's speed hits every client alike.
import ky from 'ky';
import OpenAI from 'openai';
import Stripe from 'stripe';
import { AcsClient } from '../src/index.js';
import { atMost, inRounds, report, under, type Figure } from './harness.js';
import { startCallServer } from './servers.js';

/** acs-sdk over bare ky, ratio of medians. */
export const CALL_VS_KY_TARGET = 1.1;
export const BODY_BYTES = 600;

const ACS_PATH = '/v1/accounts/acc_1';
const OPENAI_PATH = '/v1/models/x';
const STRIPE_PATH = '/v1/customers/cus_1';
const ACS_KEY = 'svc_test_sk_0123456789abcdefBENCH';

export interface CallCostOptions {
  /** Timed calls per client. */
  calls: number;
  /** Untimed calls per client first, interleaved the same way. */
  warmup: number;
  /** Calls per client in one round; default 20. */
  block?: number;
}

/** `make(pad)` as JSON, with `pad` grown so the text is exactly `BODY_BYTES` long. */
function exactly(make: (pad: string) => unknown): string {
  const short = JSON.stringify(make('')).length;
  const text = JSON.stringify(make('x'.repeat(BODY_BYTES - short)));
  if (Buffer.byteLength(text) !== BODY_BYTES) throw new Error(`body is ${Buffer.byteLength(text)} bytes, not ${BODY_BYTES}`);
  return text;
}

const bodies = {
  // The acs-sdk's success envelope around an `Account`.
  [ACS_PATH]: exactly((description) => ({
    success: true,
    data: {
      id: 'acc_1',
      accountNumber: '1010',
      name: 'Cash',
      type: 'asset',
      category: 'current_asset',
      parentId: null,
      level: 1,
      currency: 'MYR',
      description,
      isActive: true,
      isSystemAccount: false,
      balance: { debit: 100, credit: 25.5, net: 74.5 },
      createdAt: '2026-11-01T09:00:00.000Z',
      updatedAt: '2026-11-01T09:00:00.000Z',
    },
    meta: { timestamp: '2026-11-02T10:00:00.000Z', requestId: 'req_bench' },
  })),
  // openai-node's `Model`, unwrapped.
  [OPENAI_PATH]: exactly((description) => ({ id: 'x', object: 'model', created: 1_762_000_000, owned_by: 'acs-bench', description })),
  // stripe-node's `Customer`, unwrapped.
  [STRIPE_PATH]: exactly((description) => ({
    id: 'cus_1',
    object: 'customer',
    balance: 0,
    created: 1_762_000_000,
    currency: 'myr',
    default_source: null,
    delinquent: false,
    description,
    email: 'bench@example.com',
    invoice_prefix: 'BENCH',
    livemode: false,
    metadata: {},
    name: 'Bench',
  })),
};

type Client = 'raw fetch' | 'bare ky' | 'acs-sdk' | 'openai' | 'stripe (fetch)' | 'stripe (node:http)';
/**
 * The peers the acs-sdk must be ahead of: the clients on the same HTTP stack (undici's `fetch`). stripe-node's
 * default on Node, its node:http client, is measured too, for information: it skips `fetch` (WHATWG
 * Request/Response objects and streams), which costs more than any client's own code here, so it says how
 * fast node:http is rather than how light a client is.
 */
const PEERS = ['openai', 'stripe (fetch)'] as const;

const micros = (milliseconds: number) => (milliseconds * 1000).toFixed(1);

export async function callCost(options: CallCostOptions): Promise<Figure[]> {
  const server = await startCallServer(bodies);
  try {
    const base = server.info.url;
    const { hostname, port } = new URL(base);
    const acsUrl = `${base}${ACS_PATH}`;
    // Each client as a user makes it: its defaults (retries, timeouts), pointed at the server. The
    // acs-sdk with its production defaults: no response validation, the global fetch, warn-level logs.
    const acs = new AcsClient({ apiKey: ACS_KEY, companyId: 'cmp_bench', baseUrl: `${base}/v1` });
    const openai = new OpenAI({ apiKey: 'sk-bench', baseURL: `${base}/v1` });
    const stripeHost = { host: hostname, port, protocol: 'http' as const };
    // stripe-node's default on Node is its node:http client (a keep-alive agent); its fetch client runs
    // on the same undici `fetch` as the other four, so it is the like-for-like peer.
    const stripeFetch = new Stripe('sk_test_bench', { ...stripeHost, httpClient: Stripe.createFetchHttpClient() });
    const stripeNode = new Stripe('sk_test_bench', stripeHost);

    const fns: Record<Client, () => Promise<unknown>> = {
      'raw fetch': async () => ((await (await fetch(acsUrl)).json()) as { data: unknown }).data,
      'bare ky': async () => ((await ky.get(acsUrl).json()) as { data: unknown }).data,
      'acs-sdk': () => acs.accounts.retrieve('acc_1'),
      openai: () => openai.models.retrieve('x'),
      'stripe (fetch)': () => stripeFetch.customers.retrieve('cus_1'),
      'stripe (node:http)': () => stripeNode.customers.retrieve('cus_1'),
    };

    // Every client must have read its whole answer: the same padded description in each.
    const pad = 'x'.repeat(40);
    for (const [name, fn] of Object.entries(fns)) {
      const answer = (await fn()) as { description?: unknown };
      if (typeof answer?.description !== 'string' || !answer.description.startsWith(pad)) {
        throw new Error(`${name} did not read the bench answer: ${JSON.stringify(answer)?.slice(0, 200)}`);
      }
    }

    const t = await inRounds(fns, options);
    const raw = t['raw fetch'];
    const bare = t['bare ky'];
    const sdk = t['acs-sdk'];

    const vsKy = sdk.median / bare.median;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    // The target of each row, with this run's verdict.
    const targets: Partial<Record<Client, string>> = {
      'acs-sdk': `x bare ky <= ${CALL_VS_KY_TARGET.toFixed(2)}: ${verdict(vsKy <= CALL_VS_KY_TARGET)}`,
    };
    for (const peer of PEERS) targets[peer] = `acs-sdk ahead: ${verdict(sdk.median < t[peer].median)}`;

    console.log(
      `${options.calls.toLocaleString('en-US')} timed calls per client after ${options.warmup.toLocaleString('en-US')} warm-up calls, ` +
        `in rounds of ${options.block ?? 20} (order rotated each round); every answer ${BODY_BYTES} bytes of JSON; ` +
        `ratios of medians (of means in brackets)`,
    );
    const header = ['client', 'median µs', 'mean µs', 'p95 µs', 'x raw fetch', 'x bare ky', 'target (medians)'];
    const rows = (Object.keys(t) as Client[]).map((name) => {
      const x = t[name];
      return [
        name,
        micros(x.median),
        micros(x.mean),
        micros(x.p95),
        `${(x.median / raw.median).toFixed(2)} (${(x.mean / raw.mean).toFixed(2)})`,
        `${(x.median / bare.median).toFixed(2)} (${(x.mean / bare.mean).toFixed(2)})`,
        targets[name] ?? '',
      ];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
        .join('  ')
        .trimEnd();
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
    console.log();

    const figures: Figure[] = [
      report(
        'acs-sdk retrieve over raw fetch (medians)',
        `${(sdk.median / raw.median).toFixed(2)}x (+${micros(sdk.median - raw.median)} µs per call)`,
      ),
      report(
        'acs-sdk retrieve over bare ky (medians)',
        `${vsKy.toFixed(3)}x (+${micros(sdk.median - bare.median)} µs per call)`,
        atMost(vsKy, CALL_VS_KY_TARGET, `<= ${CALL_VS_KY_TARGET}`),
      ),
    ];
    for (const peer of PEERS) {
      const ratio = sdk.median / t[peer].median;
      figures.push(
        report(
          `acs-sdk retrieve over ${peer} (medians)`,
          `${ratio.toFixed(3)}x (${micros(sdk.median)} vs ${micros(t[peer].median)} µs)`,
          under(ratio, 1, '< 1, ahead'),
        ),
      );
    }
    const node = t['stripe (node:http)'];
    figures.push(
      report(
        'acs-sdk retrieve over stripe on node:http (medians)',
        `${(sdk.median / node.median).toFixed(3)}x (no target: node:http is ${(node.median / raw.median).toFixed(2)}x raw fetch)`,
      ),
    );
    return figures;
  } finally {
    await server.stop();
  }
}
