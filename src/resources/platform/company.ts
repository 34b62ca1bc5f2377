import { CompanyMethods } from '../../generated/resources/platform.js';

/** The company chosen by `companyId` (header `X-Company-Id`). */
export class CompanyResource extends CompanyMethods {}
