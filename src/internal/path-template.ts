import { InvalidArgumentError } from '../core/errors.js';
import type { Route } from '../core/route.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** What a call reads from its endpoint's route, worked out once per route. */
export interface PathTemplate {
  /** The path split around its `{param}`s: `literals[0] + param 0 + literals[1] + ...`. */
  literals: string[];
  names: string[];
  /** POST, PUT, PATCH: a JSON body. */
  body: boolean;
  /** POST, PUT, PATCH, DELETE: an `Idempotency-Key`. */
  write: boolean;
}

// Routes are made once, at load, and live as long as the program: keyed by the object.
const templates = new WeakMap<Route, PathTemplate>();

export function templateOf(endpoint: Route): PathTemplate {
  let route = templates.get(endpoint);
  if (!route) {
    const literals: string[] = [];
    const names: string[] = [];
    let from = 0;
    for (const match of endpoint.path.matchAll(/\{(\w+)\}/g)) {
      literals.push(endpoint.path.slice(from, match.index));
      names.push(match[1]);
      from = match.index + match[0].length;
    }
    literals.push(endpoint.path.slice(from));
    route = { literals, names, body: BODY_METHODS.has(endpoint.method), write: WRITE_METHODS.has(endpoint.method) };
    templates.set(endpoint, route);
  }
  return route;
}

export const invalidArgument = (endpoint: Route) => (message: string) => new InvalidArgumentError(`${endpoint.id}: ${message}`);
