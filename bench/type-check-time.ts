// How long `tsc --noEmit` (strict, library types checked) takes on a four-line file that builds a client:
// acs-sdk's built types against openai's, each in a fresh process, interleaved, in one scratch project whose
// node_modules links acs-sdk to this package and openai to its install, as a user's project would have them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { atMost, ms, report, summarize, type Figure } from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = `${ROOT}node_modules/typescript/bin/tsc`;

const FILES = {
  sdk: "import { AcsClient } from 'acs-sdk';\nconst acs = new AcsClient({ apiKey: 'sk_test_x', companyId: 'c' });\nconst page = await acs.invoices.list({ limit: 1 });\nexport const first = page.data[0]?.invoiceNumber;\n",
  openai:
    "import OpenAI from 'openai';\nconst client = new OpenAI({ apiKey: 'sk-x' });\nconst page = await client.models.list();\nexport const first = page.data[0]?.id;\n",
};

function scratchProject(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'acs-type-check-'));
  mkdirSync(join(scratch, 'node_modules'));
  symlinkSync(ROOT, join(scratch, 'node_modules', 'acs-sdk'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', 'openai'), join(scratch, 'node_modules', 'openai'), 'dir');
  writeFileSync(join(scratch, 'package.json'), '{ "type": "module", "private": true }\n');
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(scratch, `${name}.ts`), text);
  return scratch;
}

/** Milliseconds of one `tsc --noEmit` of `file` (strict, node16 modules, skipLibCheck off). */
function typeCheck(scratch: string, file: string): number {
  const started = performance.now();
  execFileSync(
    process.execPath,
    [
      TSC,
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'node16',
      '--moduleResolution',
      'node16',
      '--skipLibCheck',
      'false',
      file,
    ],
    { cwd: scratch, stdio: 'pipe' },
  );
  return performance.now() - started;
}

export async function typeCheckTime({ runs }: { runs: number }): Promise<Figure[]> {
  if (!existsSync(`${ROOT}dist/index.d.ts`)) return [report('tsc on a client file', 'skipped: no dist/ (run `npm run build` first)')];
  const scratch = scratchProject();
  const samples = { sdk: [] as number[], openai: [] as number[] };
  try {
    for (let i = 0; i < runs; i++) for (const name of ['sdk', 'openai'] as const) samples[name].push(typeCheck(scratch, `${name}.ts`));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const [sdk, openai] = [summarize(samples.sdk), summarize(samples.openai)];
  return [
    report('tsc --noEmit, a four-line acs-sdk client file', `${ms(sdk.median)} (median of ${runs})`),
    report('  the same with openai', ms(openai.median)),
    report('  acs-sdk / openai', `${(sdk.median / openai.median).toFixed(2)}x`, atMost(sdk.median / openai.median, 1, 'at most 1x')),
  ];
}
