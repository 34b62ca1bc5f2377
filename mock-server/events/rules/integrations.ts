import { UPSTREAM_DOMAIN_EVENT, UPSTREAM_EVENTS } from '../../domain/integrations/index.js';
import { onInsert, type EventRule } from '../bus.js';

/** An event a simulated upstream emitted (spec document 3, integration webhooks): delivered to the integration's own subscription only. */
export const integrationEventRules: EventRule[] = [{ table: UPSTREAM_EVENTS, event: UPSTREAM_DOMAIN_EVENT, when: onInsert }];
