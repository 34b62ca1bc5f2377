// The SDK's generated view of the contract: the files below src/ (path -> text) and api.md.
import { fileURLToPath } from 'node:url';
import { collectContract } from './collect.js';
import { emitSdk, GENERATED_DIR } from './emit.js';
import { moduleListFiles } from './module-lists.js';

export { GENERATED_DIR };
export { API_MD } from './api-md.js';

/** Everything `npm run generate` writes: src/generated/ by path below src/, and the text of api.md. */
export async function generatedSdk(): Promise<{ files: Map<string, string>; apiMd: string }> {
  const { files, apiMd } = await emitSdk(await collectContract(fileURLToPath(new URL('../../src/contract/', import.meta.url))));
  for (const [path, text] of moduleListFiles()) files.set(path, text);
  return { files, apiMd };
}

export async function generatedSdkFiles(): Promise<Map<string, string>> {
  return (await generatedSdk()).files;
}
