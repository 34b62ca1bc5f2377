// Every answer the generated client gets is checked against the schema docs/openapi.json declares for its
// operation, status and media type, by ajv (JSON Schema draft 2020-12, the dialect of OpenAPI 3.1).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under Node's ESM (and nodenext) its default import is `module.exports`.
const addFormats = addFormatsModule.default;

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

/** A JSON Pointer segment (RFC 6901): `~` and `/` escaped. */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

export interface Checked {
  operation: string;
  status: number;
  mediaType: string;
  errors: string[];
}

export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly checked: Checked[] = [];

  private readonly doc: Doc;

  constructor(doc: Doc) {
    this.doc = doc;
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    // OpenAPI's own keywords and extensions are annotations to JSON Schema.
    this.ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
    this.ajv.addSchema(doc as object, 'openapi.json');
  }

  /** Checks one answer: its status must be declared, and its body must match that status's schema of its media type. */
  check(path: string, method: string, status: number, contentType: string | null, body: unknown): Checked {
    const operation = `${method.toUpperCase()} ${path}`;
    const mediaType = (contentType ?? '').split(';')[0]!.trim();
    const result: Checked = { operation, status, mediaType, errors: [] };
    const responses = this.doc.paths[path]?.[method.toLowerCase()]?.responses;
    const declared = responses?.[String(status)] ?? responses?.[`${String(status)[0]}XX`] ?? responses?.default;
    if (!declared) result.errors.push(`status ${status} is not declared`);
    else if (status !== 204 && declared.content && !(mediaType in declared.content)) {
      result.errors.push(`media type ${mediaType || '(none)'} is not declared for ${status}`);
    } else if (declared.content && mediaType in declared.content) {
      const code = responses?.[String(status)] ? String(status) : `${String(status)[0]}XX`;
      const ref = `openapi.json#/paths/${pointer(path)}/${method.toLowerCase()}/responses/${code}/content/${pointer(mediaType)}/schema`;
      let validate = this.compiled.get(ref);
      if (!validate) this.compiled.set(ref, (validate = this.ajv.compile({ $ref: ref })));
      if (!validate(body)) {
        for (const e of validate.errors ?? [])
          result.errors.push(`${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
      }
    }
    this.checked.push(result);
    return result;
  }
}
