// Writes src/generated/ from the zod contract (npm run generate): the SDK's named types, routes and resource
// methods, and api.md. test/contract/generated.test.ts and api-md.test.ts fail when they are stale.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleListFiles } from './sdk-codegen/module-lists.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));
// The module lists first: the contract read below is built from them, so a new module's folder is in it on the first run.
for (const [path, text] of moduleListFiles()) writeFileSync(join(src, path), text);
const { API_MD, generatedSdk, GENERATED_DIR } = await import('./sdk-codegen/index.js');
const { files, apiMd } = await generatedSdk();
const outDir = join(src, GENERATED_DIR);

// Files a removed contract file left behind go too.
const existing = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? existing(join(dir, name)) : [join(dir, name)]));
mkdirSync(outDir, { recursive: true });
for (const file of existing(outDir)) if (!files.has(relative(src, file).split('\\').join('/'))) rmSync(file);
for (const [path, text] of files) {
  mkdirSync(dirname(join(src, path)), { recursive: true });
  writeFileSync(join(src, path), text);
}
writeFileSync(fileURLToPath(new URL(`../${API_MD}`, import.meta.url)), apiMd);
console.log(`wrote ${files.size} files to src/${GENERATED_DIR}/ and ${API_MD}`);
