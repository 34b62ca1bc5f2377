import { ReportsPurchasingMethods } from '../../generated/resources/purchasing.js';

/** The purchasing reports (spec document 2, "Procurement workflow", reports): `acs.reports.purchasing`. */
export class PurchasingReports extends ReportsPurchasingMethods {}
