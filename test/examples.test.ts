import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Every README snippet lives in examples/ and every example runs here, against the mock.
const examples = new URL('../examples/', import.meta.url);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '');

describe('README snippets', () => {
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

  it('every TypeScript block names the example it comes from', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block.split('\n')[0], block.slice(0, 120)).toMatch(/^\/\/ examples\/[\w-]+\.ts/);
  });

  for (const block of blocks) {
    const file = block.split('\n')[0].match(/examples\/([\w-]+\.ts)/)?.[1];
    it(`the snippet from examples/${file} is in that file, line for line`, () => {
      const source = lines(readFileSync(new URL(file!, examples), 'utf8'));
      const snippet = lines(block).slice(1).filter((l) => l !== '// ...');
      // Snippets may elide with `// ...`; each run between elisions must appear in order.
      let at = 0;
      for (const line of snippet) {
        const found = source.indexOf(line, at);
        expect(found, `"${line}" of the README is not in examples/${file} (in order)`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    });
  }
});

describe('examples', () => {
  afterEach(() => vi.restoreAllMocks());
  const files = readdirSync(examples).filter((f) => f.endsWith('.ts'));

  it('are all run by this suite', () => {
    expect(files.sort()).toEqual(['configuration.ts', 'errors.ts', 'pagination.ts', 'quickstart.ts', 'retries.ts', 'standalone.ts', 'testing-with-msw.ts']);
  });

  const run = async (file: string) => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const module = (await import(new URL(file, examples).href)) as { main: () => Promise<Record<string, unknown>> };
    return module.main();
  };

  it('quickstart: posts an entry and reads the new account balance', async () => {
    const result = (await run('quickstart.ts')) as { balance: { net: number; debit: number }; entry: { journalNumber: string } };
    expect(result.balance).toEqual({ debit: 500, credit: 0, net: 500 });
    expect(result.entry.journalNumber).toMatch(/^JE-\d{6}$/);
  });

  it('configuration: every option at once, and a second company through withCompany', async () => {
    const { first, second } = (await run('configuration.ts')) as { first: { id: string }; second: { id: string } };
    expect(first.id).not.toBe(second.id);
  });

  it('errors: each failure arrives as its class with status and code', async () => {
    const caught = (await run('errors.ts')) as unknown as string[];
    expect(caught.map((line) => line.split(' ').slice(0, 2).join(' ').replace(/:$/, ''))).toEqual([
      '400 INVALID_JOURNAL_ENTRY',
      '409 CONFLICT',
      '422 VALIDATION_ERROR',
      '422 BUSINESS_RULE_VIOLATION',
      '404 ACCOUNT_NOT_FOUND',
    ]);
  });

  it('pagination: for await visits every expense account once', async () => {
    const result = (await run('pagination.ts')) as { expenses: string[]; pages: number; total: number; currentAssets: { accountNumber: string }[] };
    expect(new Set(result.expenses).size).toBe(result.expenses.length);
    expect(result.expenses.length).toBeGreaterThan(10);
    expect(result.pages).toBe(Math.ceil(result.total / 5));
    expect(result.currentAssets.every((a) => a.accountNumber.startsWith('11'))).toBe(true);
  });

  it('retries: two 503s are retried, a lost POST response writes once, maxRetries 0 surfaces the 503', async () => {
    const result = (await run('retries.ts')) as { written: number; status: number; account: { accountNumber: string } };
    expect(result.account.accountNumber).toBe('1110');
    expect(result.written).toBe(1);
    expect(result.status).toBe(503);
  });

  it('testing with msw: intercepts a client built without options, the clock moves, reset restores the seed', async () => {
    const result = (await run('testing-with-msw.ts')) as { ledger: { totalDebit: number }; afterReset: number; now: string };
    expect(result.ledger.totalDebit).toBe(4500);
    expect(result.afterReset).toBe(0);
    expect(result.now).toBe('2026-12-03');
  });

  it('standalone: serves the SDK on a real port and answers its controls', async () => {
    const result = (await run('standalone.ts')) as { baseUrl: string; company: { currency: string } };
    expect(result.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(result.company.currency).toBe('MYR');
  });
});
