// Where an ordinary request's time goes: the four requests of `request-cost.ts` over its data (50,000
// invoices, request-data.ts), each served in-process by the router with a stage profile on, plus what the
// standalone adapter adds around it (the body's bytes and the request log's line), in microseconds per request.
import { createMockService } from '../mock-server/index.js';
import { maskPath } from '../mock-server/kernel/mask.js';
import { StageProfile, STAGES } from '../mock-server/kernel/profile.js';
import { recordHeaders, type MockRequest } from '../mock-server/kernel/request.js';
import { report, type Figure } from './harness.js';
import { fillRequestBench, REQUEST_BENCH_NOW } from './request-data.js';

interface StageCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** The company, when not the key's first (request-cost.ts posts into the second). */
  companyId?: string;
}

const usPer = (ms: number, n: number) => `${((ms * 1000) / n).toFixed(1)}`;
const scratch = Buffer.allocUnsafe(1 << 20);

export async function requestStages({ runs }: { runs: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  // Once as the standalone serves (no response check), once with validateResponses for the check's own cost.
  for (const validateResponses of [false, true]) {
    const mock = createMockService({ seed: 'demo', now: REQUEST_BENCH_NOW, validateResponses });
    fillRequestBench(mock);
    const { apiKey, companyId, baseUrl, companies } = mock.credentials;
    const prefix = new URL(baseUrl).pathname;
    const request = (c: StageCase): MockRequest => {
      const q = c.path.indexOf('?');
      return {
        method: c.method,
        pathname: prefix + (q < 0 ? c.path : c.path.slice(0, q)),
        search: q < 0 ? '' : c.path.slice(q + 1),
        headers: recordHeaders({
          authorization: `Bearer ${apiKey}`,
          'x-company-id': c.companyId ?? companyId,
          'content-type': 'application/json',
        }),
        bodyText: c.body ?? null,
      };
    };
    const sent = JSON.parse(
      (await mock.handle(request({ name: '', method: 'GET', path: '/invoices?status=sent&limit=1' }))).body as string,
    ) as { data: { id: string }[] };
    const cases: StageCase[] = [
      { name: 'GET /v1/invoices/{id}', method: 'GET', path: `/invoices/${sent.data[0].id}` },
      { name: 'GET /v1/customers?limit=20', method: 'GET', path: '/customers?limit=20' },
      {
        name: 'POST /v1/customers',
        method: 'POST',
        path: '/customers',
        body: JSON.stringify({ name: 'Bench Customer Sdn Bhd', phone: '+60312345678' }),
        companyId: companies[1].id,
      },
      { name: 'GET /v1/invoices?status=sent&limit=50', method: 'GET', path: '/invoices?status=sent&limit=50' },
    ];
    for (const c of cases) {
      const req = request(c);
      const serve = () => mock.router.handle(req);
      for (let i = 0; i < Math.min(500, runs); i++) serve(); // compiled
      const profile = new StageProfile();
      mock.router.stageProfile = profile;
      let total = 0;
      let bytes = 0;
      let log = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const response = serve();
        const t1 = performance.now();
        // writeNodeResponse's Content-Length, and the one encoding the socket makes of the text.
        Buffer.byteLength(response.body as string);
        scratch.write(response.body as string);
        const t2 = performance.now();
        void `${req.method} ${maskPath(req.pathname)} ${response.status} ${(t2 - t0).toFixed(1)}ms`;
        const t3 = performance.now();
        total += t1 - t0;
        bytes += t2 - t1;
        log += t3 - t2;
      }
      mock.router.stageProfile = null;
      const n = profile.requests;
      if (n !== runs) throw new Error(`${c.name}: ${runs - n} of ${runs} requests left the profiled path (an error answer?)`);
      if (validateResponses) {
        figures.push(report(`${c.name}: response check with validateResponses (µs/request)`, usPer(profile.totals.check, n)));
        continue;
      }
      const stages = STAGES.filter((s) => s !== 'check').map((s) => `${s} ${usPer(profile.totals[s], n)}`);
      const staged = STAGES.reduce((sum, s) => sum + profile.totals[s], 0);
      const figure = `${stages.join(', ')}, other ${usPer(total - staged, n)}, bytes ${usPer(bytes, n)}, log ${usPer(log, n)}; router total ${usPer(total, n)}`;
      figures.push(report(`${c.name}: stages (µs/request)`, figure));
    }
  }
  return figures;
}
