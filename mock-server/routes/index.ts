import { accountingRoutes } from './accounting.js';
import { bulkRoutes } from './bulk.js';
import { platformRoutes } from './platform.js';
import type { Route } from './route.js';

export type { Route, RouteContext } from './route.js';

/** One handler per contract endpoint; the router does the HTTP around them. */
export const routes: Route[] = [...platformRoutes, ...accountingRoutes, ...bulkRoutes];
