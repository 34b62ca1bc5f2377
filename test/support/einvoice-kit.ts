/**
 * The official e-invoice validators, vendored offline in `../shared/einvoice` (its README): the UBL 2.1
 * XSD, the CEN EN16931 and PEPPOL BIS 3 rules, and the UBL-2.1-JSON schema. Tests validate every
 * document the mock generates with them. `ACS_EINVOICE_KIT` names another folder. In CI
 * (`CI=true`) a missing kit fails the run; on a machine without the kit the tests are skipped and say so.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface KitAssert {
  id: string;
  text: string;
  location: string;
}

export interface KitResult {
  kind: string | null;
  valid: boolean;
  xsd: { valid: boolean; errors: string[] };
  schematron: { fatal: KitAssert[]; warnings: number; warningIds: string[]; skipped?: boolean; error?: string };
}

export interface EinvoiceKit {
  validateUbl(input: string | Uint8Array, options?: { file?: string; schematron?: boolean }): Promise<KitResult>;
  validateUblJson(input: string | Uint8Array | object, options?: { file?: string }): Promise<KitResult>;
  warmUp(options?: { json?: boolean; xml?: boolean }): Promise<void>;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the kit is: `ACS_EINVOICE_KIT`, else `shared/einvoice` beside the repository or an ancestor of it. */
export function kitPath(): string | null {
  const named = process.env.ACS_EINVOICE_KIT;
  if (named) return existsSync(join(named, 'validate.mjs')) ? join(named, 'validate.mjs') : null;
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dirname(dir), 'shared', 'einvoice', 'validate.mjs');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

const path = kitPath();
if (!path && process.env.CI === 'true') {
  throw new Error(
    'The e-invoice validation kit (../shared/einvoice) is missing: CI must validate every generated document with it. Set ACS_EINVOICE_KIT to its folder.',
  );
}
if (!path) console.warn('e-invoice kit not found (../shared/einvoice): the official-validator tests are skipped');

/** Whether the kit is here; `describe.skipIf(!HAS_KIT)` skips the validator tests without it. */
export const HAS_KIT = path !== null;

let loaded: Promise<EinvoiceKit> | undefined;
/** The kit, loaded once per worker. */
export const einvoiceKit = (): Promise<EinvoiceKit> => (loaded ??= import(pathToFileURL(path!).href) as Promise<EinvoiceKit>);

/** Validates a UBL XML document; `peppol: false` runs the XSD alone (MyInvois XML is UBL 2.1, not PEPPOL). */
export async function validateXml(xml: string, file: string, peppol = true): Promise<KitResult> {
  return (await einvoiceKit()).validateUbl(xml, { file, schematron: peppol });
}
