import { InventoryAlertsMethods } from '../../generated/resources/inventory.js';

/**
 * Stock alerts (spec document 2, "Alert types"): a rule watches a stock level of items at locations,
 * and a movement that crosses it raises one alert, emails the rule's list and posts a signed delivery
 * to its webhook URL. Items' own `minimumStock`, `reorderPoint` and `maximumStock` raise alerts too.
 */
export class Alerts extends InventoryAlertsMethods {}
