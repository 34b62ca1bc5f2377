import { InventoryReportsMethods } from '../../generated/resources/inventory.js';

/** The inventory reports (spec document 2, "Inventory reports"): `acs.inventory.reports`. */
export class InventoryReports extends InventoryReportsMethods {}
