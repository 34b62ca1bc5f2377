/**
 * Spec document 2, "Suppliers": "the purchasing endpoints are also described as available under the
 * `/v1/purchasing` base". The mock's router serves `/purchasing/<resource>/...` as `/<resource>/...`
 * for these resources; the SDK calls the short paths, so no endpoint is declared twice.
 * Paths that already start `/purchasing/` (approval rules, approvals) are the only form of theirs.
 */
export const PURCHASING_BASE = '/purchasing';
export const PURCHASING_BASE_RESOURCES: readonly string[] = ['suppliers', 'purchase-orders', 'bills', 'purchase-requisitions', 'rfqs'];
