// Reads the zod contract (src/contract/**): its named schemas, endpoint declarations and doc comments.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { z } from 'zod';
import type { AnyEndpoint } from '../../src/contract/endpoint.js';
import { docOf, SourceDocs } from './source-docs.js';

/** Files of src/contract that declare no schemas of their own (shared machinery and aggregates). */
const NOT_FAMILIES = new Set(['endpoint.ts', 'openapi.ts', 'index.ts', 'modules.ts']);

/** A WebSocket declaration as the contract writes it (only the fields the SDK needs are read). */
export interface SocketDeclaration {
  id: string;
  kind: string;
  path: string;
  clientMessages: Record<string, z.ZodType>;
}

/** A file of the contract with what it defines, in source order. */
export interface ContractFile {
  /** Path below src/contract, with forward slashes: `accounting/accounts.ts`. */
  path: string;
  schemas: { name: string; schema: z.ZodType; doc?: string }[];
  endpoints: { name: string; endpoint: AnyEndpoint; doc?: string }[];
  sockets: { name: string; socket: SocketDeclaration }[];
}

export const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as { _zod?: { def?: unknown } })._zod?.def === 'object';
const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' && value !== null && typeof (value as AnyEndpoint).id === 'string' && isSchema((value as AnyEndpoint).response);
const isSocket = (value: unknown): value is SocketDeclaration =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SocketDeclaration).kind === 'string' &&
  typeof (value as SocketDeclaration).clientMessages === 'object';

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return listFiles(full);
      return name.endsWith('.ts') && !NOT_FAMILIES.has(name) ? [full] : [];
    });
}

/** Names a file declares itself (`export const X`, `export function X`), in order, with their doc comments. */
function ownExports(file: ts.SourceFile): Map<string, string | undefined> {
  const names = new Map<string, string | undefined>();
  const typeDocs = new Map<string, string>();
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.set(declaration.name.text, docOf(statement));
      }
    } else if (ts.isTypeAliasDeclaration(statement) && exported(statement)) {
      const doc = docOf(statement);
      if (doc) typeDocs.set(statement.name.text, doc);
    }
  }
  // A schema documented on its `export type` twin keeps that doc.
  for (const [name, doc] of names) if (!doc && typeDocs.has(name)) names.set(name, typeDocs.get(name));
  return names;
}

/** What the generator reads of the contract. */
export interface Contract {
  files: ContractFile[];
  /** Doc comments of fields and enum constants, from the source. */
  docs: SourceDocs;
}

/** Every contract file with its schemas, endpoints and sockets; a value exported by several files belongs to the one that declares it. */
export async function collectContract(contractDir: string): Promise<Contract> {
  const files: ContractFile[] = [];
  const docs = new SourceDocs();
  for (const full of listFiles(contractDir)) {
    const path = relative(contractDir, full).split('\\').join('/');
    // Parsed once, for the exports' docs and the fields' docs.
    const source = ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
    docs.read(source);
    const own = ownExports(source);
    const module = (await import(pathToFileURL(full).href)) as Record<string, unknown>;
    const file: ContractFile = { path, schemas: [], endpoints: [], sockets: [] };
    for (const [name, doc] of own) {
      const value = module[name];
      if (isEndpoint(value)) file.endpoints.push({ name, endpoint: value, doc });
      else if (isSocket(value)) file.sockets.push({ name, socket: value });
      else if (isSchema(value)) file.schemas.push({ name, schema: value, doc });
    }
    if (file.schemas.length || file.endpoints.length || file.sockets.length) files.push(file);
  }
  return { files, docs };
}
