import { IntegrationsMethods } from '../../generated/resources/integrations.js';

/**
 * Integrations (spec document 3, "Integrations"): connectors to stores, marketplaces, payment gateways
 * and accounting systems, whose data the syncs bring into the books. In the sandbox every upstream is
 * simulated, deterministically, inside the mock.
 */
export class Integrations extends IntegrationsMethods {}
