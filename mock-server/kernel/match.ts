import { PURCHASING_BASE, PURCHASING_BASE_RESOURCES, type ApiFamily } from '../../src/contract/index.js';
import type { Route } from './route.js';

/** The three service addresses (spec document 1, "Two API families"). */
export interface ApiBases {
  /** Business API base, ending in `/v1`; `/api/v1` on the same host is accepted too. */
  business: string;
  /** Data-management API base; its paths start with `/core2/`. */
  data: string;
  /** OAuth base; its paths start with `/oauth/`. */
  auth: string;
}

interface Mount {
  family: ApiFamily;
  origin: string;
  prefix: string;
}

interface Node {
  statics: Map<string, Node>;
  param: { name: string; node: Node } | null;
  routes: Map<string, Route>;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
  family: ApiFamily;
  /** Path below the family's base, e.g. `/accounts/acc_123`. */
  path: string;
}

export type MatchResult =
  | { kind: 'found'; match: RouteMatch }
  | { kind: 'method'; allow: string[]; path: string }
  | { kind: 'none'; path: string | null };

const newNode = (): Node => ({ statics: new Map(), param: null, routes: new Map() });
const trimSlash = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p === '/' ? '' : p);

/** The path prefixes the business API answers on: `/v1` and `/api/v1` below the base's root (`https://h/x/v1` -> `/x/v1`, `/x/api/v1`). */
export function businessPrefixes(business: URL): string[] {
  const root = trimSlash(business.pathname).replace(/\/(api\/)?v1$/, '');
  return [`${root}/v1`, `${root}/api/v1`];
}

function mountsOf(bases: ApiBases): Mount[] {
  const business = new URL(bases.business);
  const data = new URL(bases.data);
  const auth = new URL(bases.auth);
  return [
    ...businessPrefixes(business).map((prefix): Mount => ({ family: 'business', origin: business.origin, prefix })),
    { family: 'data', origin: data.origin, prefix: trimSlash(data.pathname) },
    { family: 'auth', origin: auth.origin, prefix: trimSlash(auth.pathname) },
  ];
}

/**
 * Method + path lookup over the contract's routes: a segment trie per API family, literal segments
 * before `{param}` ones, so a request costs a few map lookups whatever the number of endpoints.
 */
export class RouteTable {
  readonly #roots = new Map<ApiFamily, Node>();
  readonly #mounts: Mount[];

  constructor(routes: readonly Route[], bases: ApiBases) {
    this.#mounts = mountsOf(bases);
    for (const route of routes) this.#add(route);
  }

  /** Whether a URL falls under one of the service's bases (msw handlers claim only those). */
  claims(origin: string, pathname: string): boolean {
    return this.#mounts.some((m) => m.origin === origin && underPrefix(pathname, m.prefix));
  }

  match(method: string, origin: string | undefined, pathname: string): MatchResult {
    let allow: string[] | null = null;
    let known: string | null = null;
    for (const mount of this.#mounts) {
      if (origin !== undefined && origin !== mount.origin) continue;
      if (!underPrefix(pathname, mount.prefix)) continue;
      const path = unaliased(mount.family, trimSlash(pathname.slice(mount.prefix.length)) || '/');
      known ??= path;
      const root = this.#roots.get(mount.family);
      if (!root) continue;
      const params: Record<string, string> = {};
      const node = find(root, path.split('/'), 1, params);
      if (!node) continue;
      // HEAD is GET without the body (RFC 9110 §9.3.2): the adapters drop the body.
      const route = node.routes.get(method) ?? (method === 'HEAD' ? node.routes.get('GET') : undefined);
      if (route) return { kind: 'found', match: { route, params, family: mount.family, path } };
      allow ??= allowed(node.routes);
    }
    if (allow) return { kind: 'method', allow, path: known! };
    return { kind: 'none', path: known };
  }

  #add(route: Route): void {
    const { method, path, api } = route.endpoint;
    let root = this.#roots.get(api);
    if (!root) this.#roots.set(api, (root = newNode()));
    let node = root;
    for (const segment of path.split('/').slice(1)) {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        node.param ??= { name: param[1], node: newNode() };
        if (node.param.name !== param[1])
          throw new Error(`${route.endpoint.id}: {${param[1]}} clashes with {${node.param.name}} at ${path}`);
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.routes.has(method)) throw new Error(`two routes for ${method} ${api} ${path}`);
    node.routes.set(method, route);
  }
}

/** The methods a path answers: its routes', HEAD beside GET, and OPTIONS (the `Allow` of a 405 and of OPTIONS). */
function allowed(routes: Map<string, Route>): string[] {
  const methods = [...routes.keys()].flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
  return [...new Set([...methods, 'OPTIONS'])];
}

const purchasingAliases = new Set(PURCHASING_BASE_RESOURCES);

/** `/purchasing/suppliers/...` is `/suppliers/...` (spec document 2, "Suppliers": the `/v1/purchasing` base); other paths as they are. */
function unaliased(family: ApiFamily, path: string): string {
  if (family !== 'business' || !path.startsWith(`${PURCHASING_BASE}/`)) return path;
  const rest = path.slice(PURCHASING_BASE.length);
  const end = rest.indexOf('/', 1);
  return purchasingAliases.has(end < 0 ? rest.slice(1) : rest.slice(1, end)) ? rest : path;
}

function underPrefix(pathname: string, prefix: string): boolean {
  if (prefix === '') return true;
  return pathname.startsWith(prefix) && (pathname.length === prefix.length || pathname.charCodeAt(prefix.length) === 47) /* / */;
}

/** Depth-first: a literal segment wins, a `{param}` is the fallback. */
function find(node: Node, segments: string[], at: number, params: Record<string, string>): Node | null {
  if (at === segments.length) return node.routes.size ? node : null;
  const segment = segments[at];
  const literal = node.statics.get(segment);
  if (literal) {
    const found = find(literal, segments, at + 1, params);
    if (found) return found;
  }
  if (node.param && segment !== '') {
    const found = find(node.param.node, segments, at + 1, params);
    if (found) {
      params[node.param.name] = safeDecode(segment);
      return found;
    }
  }
  return null;
}

/** A path segment percent-decoded, or as it is when it does not decode. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
