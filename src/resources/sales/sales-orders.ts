import { SalesOrdersMethods } from '../../generated/resources/sales.js';

/** Sales orders (spec document 2, "Sales order"). */
export class SalesOrders extends SalesOrdersMethods {}
