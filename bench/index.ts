// `npm run bench`: every benchmark of the issue in one run, one line per figure with its target, then a
// summary. Not part of `npm test`. BENCH_QUICK=1 runs fewer repetitions and a smaller ledger;
// BENCH_ONLY=call,overhead,... runs only the sections with those keys.
import { apiHeap } from './api-heap.js';
import { auditTrail } from './audit.js';
import { batchItems } from './batch-items.js';
import { batchImport } from './batch-import.js';
import { callCost } from './call-cost.js';
import { authHeaders, heapUsed, report, type Figure } from './harness.js';
import { inProcess } from './in-process.js';
import { inventoryValuation } from './inventory-valuation.js';
import { invoiceVolume } from './invoices.js';
import { ledgerPages } from './ledger-pages.js';
import { ledgerVolume } from './ledger-volume.js';
import { listDepth } from './list-depth.js';
import { listFirstCalls } from './list-first-calls.js';
import { listPage } from './list-page.js';
import { loadTime } from './load-time.js';
import { typeCheckTime } from './type-check-time.js';
import { mswAdapter } from './msw-adapter.js';
import { reportVolume } from './report-volume.js';
import { requestCost } from './request-cost.js';
import { requestStages } from './request-stages.js';
import { sdkOverhead } from './sdk-overhead.js';
import { snapshotRestore } from './snapshot-restore.js';
import { durableWrites } from './durable-writes.js';
import { durableRestart } from './durable-restart.js';
import { startStandaloneMock, type ChildServer } from './servers.js';
import { standaloneThroughput } from './throughput.js';
import { stockList } from './stock-list.js';
import type { MockCredentials } from '../mock-server/service.js';

const quick = process.env.BENCH_QUICK === '1';
const only = process.env.BENCH_ONLY?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const size = {
  callCalls: quick ? 1000 : 4000,
  callWarmup: quick ? 300 : 1000,
  compareRuns: quick ? 500 : 2000,
  inProcessRuns: quick ? 300 : 1000,
  stageRuns: quick ? 2000 : 10_000,
  listRuns: quick ? 50 : 200,
  accounts: 100_000,
  entries: quick ? 20_000 : 100_000,
  apiEntries: quick ? 2_000 : 10_000,
  ledgerLines: quick ? [10_000, 30_000] : [10_000, 100_000],
  invoices: 100_000,
  settle: quick ? 2_000 : 10_000,
  auditRows: quick ? 50_000 : 200_000,
  stockMovements: quick ? 20_000 : 100_000,
  stockItems: 10_000,
  reportLines: quick ? 100_000 : 1_000_000,
  reportRuns: quick ? 5 : 10,
  throughputSeconds: quick ? 2 : 5,
  connections: 10,
  restartFolder: quick ? { lines: 100_000, invoices: 10_000 } : { lines: 1_000_000, invoices: 100_000 },
};

/** The standalone mock in a child process, started by the first section that needs it. */
let standalone: Promise<{ server: ChildServer<MockCredentials>; accountId: string }> | undefined;
function standaloneMock() {
  standalone ??= startStandaloneMock().then(async (server) => {
    const { baseUrl, apiKey, companyId } = server.info;
    const headers = authHeaders({ apiKey, companyId });
    const first = (await (await fetch(`${baseUrl}/accounts?limit=1`, { headers })).json()) as { data: { id: string }[] };
    return { server, accountId: first.data[0].id };
  });
  return standalone;
}

interface Section {
  /** Its name for BENCH_ONLY. */
  key: string;
  title: string;
  /** Uses the standalone mock, which is stopped after the last section that does. */
  standalone?: boolean;
  run(): Promise<Figure[]>;
}

async function stopStandaloneMock(): Promise<void> {
  const running = standalone;
  standalone = undefined;
  if (running) await (await running.catch(() => undefined))?.server.stop();
}

const allSections: Section[] = [
  {
    key: 'call',
    title: `The cost of a call: one retrieve per client against a bare node:http server, ${size.callCalls.toLocaleString('en-US')} calls each, interleaved`,
    run: () => callCost({ calls: size.callCalls, warmup: size.callWarmup }),
  },
  {
    key: 'overhead',
    title: 'SDK vs raw fetch against the standalone mock (child process)',
    standalone: true,
    run: async () => {
      const { server, accountId } = await standaloneMock();
      return sdkOverhead({ credentials: server.info, accountId, runs: size.compareRuns });
    },
  },
  {
    key: 'throughput',
    title: `Throughput on loopback (autocannon, ${size.connections} connections, ${size.throughputSeconds} one-second slices per server, in turn)`,
    standalone: true,
    run: async () => {
      const { server, accountId } = await standaloneMock();
      return standaloneThroughput({ credentials: server.info, accountId, slices: size.throughputSeconds, connections: size.connections });
    },
  },
  {
    key: 'request',
    title: `The cost of an ordinary request: four requests on the standalone mock (50,000 invoices) against bare node:http answering the same bytes (${size.connections} connections, ${size.throughputSeconds} one-second slices each, in turn)`,
    run: () => requestCost({ slices: size.throughputSeconds, connections: size.connections }),
  },
  {
    key: 'request-stages',
    title: `Where an ordinary request's time goes: the four requests of \`request\` through the router in-process, by stage (${size.stageRuns.toLocaleString('en-US')} each)`,
    run: () => requestStages({ runs: size.stageRuns }),
  },
  {
    key: 'load',
    title: "Load time: import('acs-mock') from dist/ (npm run build first), fresh processes, interleaved",
    run: () => loadTime({ runs: quick ? 7 : 21 }),
  },
  {
    key: 'type-check',
    title: 'Type-check time: tsc on a four-line client file, acs-sdk against openai (npm run build first), interleaved',
    run: () => typeCheckTime({ runs: quick ? 3 : 7 }),
  },
  {
    key: 'snapshot',
    title: "Snapshots: mock.restore() of the demo company after a test's writes, against mock.reset() (interleaved)",
    run: () => snapshotRestore({ runs: size.inProcessRuns / 5 }),
  },
  {
    key: 'durable',
    title:
      'A data folder (MOCK-29): posted journal entries with --data against in memory (interleaved); folder size a line; a restart on a big folder',
    run: async () => [...(await durableWrites({ runs: size.inProcessRuns / 5 })), ...(await durableRestart(size.restartFolder))],
  },
  { key: 'in-process', title: 'In-process: msw interception vs mock.fetch', run: () => inProcess({ runs: size.inProcessRuns }) },
  {
    key: 'msw',
    title: 'The msw adapter: SDK retrieve via setupServer to a trivial handler, via mock.fetch, via setupServer to the mock (interleaved)',
    run: () => mswAdapter({ runs: size.inProcessRuns }),
  },
  {
    key: 'list',
    title: `List pages among ${size.accounts.toLocaleString('en-US')} accounts and ${size.invoices.toLocaleString('en-US')} invoices of one company`,
    run: () => listPage({ accounts: size.accounts, invoices: size.invoices, runs: size.listRuns }),
  },
  {
    key: 'ledger-pages',
    title: `Account ledger pages by cursor on one account of ${size.ledgerLines.map((n) => n.toLocaleString('en-US')).join(' and ')} lines`,
    run: () => ledgerPages({ sizes: size.ledgerLines, runs: quick ? 10 : 40 }),
  },
  {
    key: 'list-depth',
    title: `Cursor lists among ${size.invoices.toLocaleString('en-US')} rows: first vs last page, and the first page of each declared filter and sort`,
    run: () => listDepth({ rows: size.invoices, runs: quick ? 10 : 40 }),
  },
  {
    key: 'list-first-calls',
    title: `The first three calls of a list among ${size.invoices.toLocaleString('en-US')} rows on a fresh service, one after another: customers unfiltered, by type, by tags, by balance; invoices by status`,
    run: () => listFirstCalls({ rows: size.invoices }),
  },
  {
    key: 'ledger',
    title: `Ledger volume: ${size.entries.toLocaleString('en-US')} journal entries`,
    run: () => ledgerVolume({ entries: size.entries }),
  },
  {
    key: 'api-heap',
    title: `The write path: heap per posted journal line through the API, ${size.apiEntries.toLocaleString('en-US')} entries with and without Idempotency-Key`,
    run: () => apiHeap({ entries: size.apiEntries }),
  },
  {
    key: 'sales',
    title: `Sales volume: ${size.invoices.toLocaleString('en-US')} invoices, ${size.settle.toLocaleString('en-US')} sent and paid`,
    run: () => invoiceVolume({ invoices: size.invoices, settle: size.settle, runs: size.listRuns }),
  },
  {
    key: 'audit',
    title: `Audit trail: send-and-pay of ${size.settle.toLocaleString('en-US')} invoices with auditing on and off; first pages among ${size.auditRows.toLocaleString('en-US')} rows of one tenant`,
    run: () => auditTrail({ invoices: size.settle, block: 500, rows: size.auditRows, runs: size.listRuns }),
  },
  {
    key: 'valuation',
    title: `Inventory valuation: ${size.stockMovements.toLocaleString('en-US')} stock movements of 1,000 items, valued as of a date by each method`,
    run: () => inventoryValuation({ movements: size.stockMovements, items: 1000, runs: quick ? 10 : 30 }),
  },
  {
    key: 'stock',
    title: `Stock list: ${size.stockItems.toLocaleString('en-US')} items at 3 locations of one company`,
    run: () => stockList({ items: size.stockItems, runs: size.listRuns }),
  },
  {
    key: 'import',
    title: `CSV import: ${(quick ? 10_000 : 50_000).toLocaleString('en-US')} customers as an asynchronous job, with single GETs meanwhile`,
    run: () => batchImport({ rows: quick ? 10_000 : 50_000 }),
  },
  {
    key: 'reports',
    title: `Reports at scale: ${size.reportLines.toLocaleString('en-US')} posted journal lines over a year`,
    run: () => reportVolume({ lines: size.reportLines, runs: size.reportRuns }),
  },
  {
    key: 'batch-items',
    title: 'Batch operations: a synchronous batch of 1,000 items through the in-process service',
    run: () => batchItems({ records: 1000, runs: quick ? 5 : 15 }),
  },
];
const sections = only ? allSections.filter((section) => only.includes(section.key)) : allSections;

async function main(): Promise<number> {
  if (only && sections.length !== only.length) {
    throw new Error(`BENCH_ONLY names unknown sections; the keys are ${allSections.map((s) => s.key).join(', ')}`);
  }
  console.log(
    `acs-sdk benchmarks${quick ? ' (BENCH_QUICK)' : ''}${only ? ` (BENCH_ONLY=${only.join(',')})` : ''}: Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  const started = performance.now();
  const figures: Figure[] = [];
  const failures: string[] = [];
  try {
    for (const [index, section] of sections.entries()) {
      if (!sections.slice(index).some((s) => s.standalone)) await stopStandaloneMock();
      console.log(`\n## ${section.title}`);
      heapUsed(); // a full collection (with --expose-gc), so no section pays for the garbage of the one before
      try {
        figures.push(...(await section.run()));
      } catch (error) {
        failures.push(section.title);
        report(section.title, `FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  } finally {
    await stopStandaloneMock();
  }

  const targeted = figures.filter((f) => f.target);
  const missed = targeted.filter((f) => !f.target!.ok);
  console.log(`\n## Summary (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  for (const f of targeted) console.log(`${f.target!.ok ? 'met   ' : 'MISSED'}  ${f.name}: ${f.figure} (target ${f.target!.text})`);
  const failed = failures.length ? `; ${failures.length} benchmark(s) failed: ${failures.join('; ')}` : '';
  console.log(`${targeted.length - missed.length} of ${targeted.length} targets met${failed}`);
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
