import { contract } from '../../src/contract/index.js';
import { retrieveCompany, verifyAuth } from '../domain/company.js';
import { route, type Route } from './route.js';

/** Endpoints shared by all modules (spec document 1). */
export const platformRoutes: Route[] = [
  route(contract.platform.authVerify, (ctx) => verifyAuth(ctx, ctx.principal)),
  route(contract.platform.companyRetrieve, (ctx) => retrieveCompany(ctx)),
];
