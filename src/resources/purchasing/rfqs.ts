import { RfqsMethods } from '../../generated/resources/purchasing.js';

/** Requests for quotation (spec document 2, "Procurement workflows"): `acs.rfqs`. Every RFQ carries a `comparison` of its responses. */
export class Rfqs extends RfqsMethods {}
