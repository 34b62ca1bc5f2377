import type { AnyEndpoint } from './endpoint.js';

// Examples of docs/openapi.json: a real request and answer of each operation, exchanged with the demo-seeded
// mock by scripts/openapi-examples.ts and written here into the operation's media types (decision PLAT-41).

type Json = Record<string, unknown>;
type Content = Record<string, Json>;
type Operation = { requestBody?: { content: Content }; responses: Record<string, { content?: Content }> };

/** One operation's request and answer as the demo-seeded mock exchanged them (scripts/openapi-examples.ts). */
export interface CapturedExchange {
  /** The body sent, by its media type: JSON parsed, a form as its fields. */
  request?: { contentType: string; body: unknown };
  /** The answer: JSON parsed, text (CSV, XML) as is; no body for bytes (PDF, Excel) or 204. */
  response: { status: number; contentType: string; body: unknown };
}

/** How many items of a list an example keeps: enough to show its shape, while the document stays small. */
export const EXAMPLE_LIST_ITEMS = 3;
/** How many lines of a text answer (a CSV) an example keeps. */
export const EXAMPLE_TEXT_LINES = 12;

/** A value with every array cut to its first EXAMPLE_LIST_ITEMS, at any depth, and long texts to their first lines. */
export function trimExample(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_LIST_ITEMS).map(trimExample);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimExample(item)]));
  }
  return value;
}

function trimText(text: string): string {
  const lines = text.split('\n');
  return lines.length > EXAMPLE_TEXT_LINES + 1 ? `${lines.slice(0, EXAMPLE_TEXT_LINES).join('\n')}\n` : text;
}

const exampleOf = (body: unknown) => (typeof body === 'string' ? trimText(body) : trimExample(body));

/** Sets the example of `content[type]` when the operation declares that media type; false when it does not. */
function place(content: Content | undefined, type: string, body: unknown): boolean {
  const media = content?.[type];
  if (!media || body === undefined) return false;
  media.example = exampleOf(body);
  return true;
}

/**
 * Writes each captured exchange into its operation: the request body's example under the media type it
 * was sent as, the answer's under its status and media type. Returns the ids of the operations some part
 * of whose exchange found no place (a media type the operation does not declare), for the caller to refuse.
 */
export function addExamples(document: Json, endpoints: readonly AnyEndpoint[], captured: ReadonlyMap<string, CapturedExchange>): string[] {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const misplaced: string[] = [];
  for (const e of endpoints) {
    const exchange = captured.get(e.id);
    if (!exchange) continue;
    const operation = paths[e.api === 'business' ? `/v1${e.path}` : e.path][e.method.toLowerCase()];
    const { request, response } = exchange;
    // A call without a declared body may still send `{}`: there is nothing to show for it.
    if (request && e.body && !place(operation.requestBody?.content, request.contentType, request.body)) misplaced.push(`${e.id} request`);
    const answer = operation.responses[String(response.status)];
    if (response.body !== undefined && !place(answer?.content, response.contentType, response.body)) misplaced.push(`${e.id} response`);
  }
  return misplaced;
}
