// JSON text under the fuzzer's control to the byte, and the paths a mutation may hit. Part of the fuzz suites' arbitraries (../arbitraries.ts).

/** A JSON fragment written verbatim: number literals JSON.stringify cannot produce, deep nesting, garbage. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as a list of entries: keys may repeat and may be `__proto__` without touching a prototype. */
export class JsonObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

export const raw = (text: string): RawJson => new RawJson(text);

/** The JSON text of a value built from plain values, `RawJson` and `JsonObject`. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? '-0' : String(value)) : 'null';
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const parts = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText(record[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A plain value with its objects turned into `JsonObject`s, so a mutation can add any key. */
export function fromPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value instanceof RawJson || value instanceof JsonObject) return value;
  if (value !== null && typeof value === 'object') {
    return new JsonObject(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, fromPlain(v)] as const),
    );
  }
  return value;
}

export type Path = readonly (string | number)[];

/** Every node below the root, depth first: the places a mutation may hit. */
export function pathsOf(value: unknown, prefix: Path = []): { path: Path; value: unknown }[] {
  const out: { path: Path; value: unknown }[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push({ path: [...prefix, i], value: item });
      out.push(...pathsOf(item, [...prefix, i]));
    });
  } else if (value instanceof JsonObject) {
    value.entries.forEach(([key, item]) => {
      out.push({ path: [...prefix, key], value: item });
      out.push(...pathsOf(item, [...prefix, key]));
    });
  }
  return out;
}

/** `value` with the node at `path` replaced by `update(node)`; `undefined` from `update` removes it. */
export function updateAt(value: unknown, path: Path, update: (node: unknown) => unknown): unknown {
  if (path.length === 0) return update(value);
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    const next = updateAt(copy[head], rest, update);
    if (next === undefined && rest.length === 0) copy.splice(head, 1);
    else copy[head] = next;
    return copy;
  }
  if (value instanceof JsonObject && typeof head === 'string') {
    const entries: (readonly [string, unknown])[] = [];
    for (const [k, v] of value.entries) {
      if (k !== head) entries.push([k, v]);
      else {
        const next = updateAt(v, rest, update);
        if (!(next === undefined && rest.length === 0)) entries.push([k, next]);
      }
    }
    return new JsonObject(entries);
  }
  return value;
}

/** `value` with an entry appended to the object at `path` (after any entry of the same key: a duplicate key). */
export function addEntryAt(value: unknown, path: Path, key: string, item: unknown): unknown {
  return updateAt(value, path, (node) => (node instanceof JsonObject ? new JsonObject([...node.entries, [key, item]]) : node));
}

/** A query component encoded as a browser would: lone surrogates made well formed first (encodeURIComponent throws on them). */
export const encode = (text: string): string => encodeURIComponent(wellFormed(text));

/** `String.prototype.toWellFormed` (ES2024, past this project's ES2023 lib): lone surrogates become U+FFFD. */
export const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
