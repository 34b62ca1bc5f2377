import { Resource } from '../../core/resource.js';
import { PurchasingReports } from './purchasing.js';

/** Reports by module (spec document 3, "Reports"): `acs.reports.purchasing`, ... */
export class Reports extends Resource {
  readonly purchasing = this.resource(PurchasingReports);
}
