// The SDK's generated view of the contract, as a map of file path (below src/) to text.
import { fileURLToPath } from 'node:url';
import { collectContract } from './collect.js';
import { emitSdk, GENERATED_DIR } from './emit.js';

export { GENERATED_DIR };

export async function generatedSdkFiles(): Promise<Map<string, string>> {
  return emitSdk(await collectContract(fileURLToPath(new URL('../../src/contract/', import.meta.url))));
}
