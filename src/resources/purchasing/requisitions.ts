import { RequisitionsMethods } from '../../generated/resources/purchasing.js';

/** Purchase requisitions (spec document 2, "Procurement workflows"): `acs.requisitions`. */
export class Requisitions extends RequisitionsMethods {}
