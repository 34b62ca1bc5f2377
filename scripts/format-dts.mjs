// After tsup: the published declarations in the project's own 2-space indentation (rollup-plugin-dts
// prints 4). Leading indentation only; nothing inside a line changes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.d\.c?ts$/.test(name) ? [full] : [];
  });

for (const file of files(new URL('../dist/', import.meta.url).pathname)) {
  const text = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    text.replace(/^(?: {4})+/gm, (indent) => ' '.repeat(indent.length / 2)),
  );
}
