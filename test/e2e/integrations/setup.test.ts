import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo', now: '2026-11-24T04:00:00Z', seedKey: 'integrations' }));
});

const credentials = {
  shopDomain: 'kedai.example-store.com',
  accessToken: 'shpat_0123456789abcdef',
  webhookSecret: 'whsec_0123456789abcdef',
};

describe('the integrations catalogue and setup', () => {
  it('lists one simulated connector of each kind, grouped by category, with features and credential fields', async () => {
    const catalogue = await acs.integrations.available();
    expect(Object.keys(catalogue)).toEqual(['ecommerce', 'marketplaces', 'payment_gateways', 'accounting']);
    expect(catalogue.ecommerce.map((c) => c.kind)).toEqual(['hosted_store', 'site_store']);
    expect(catalogue.payment_gateways[0]).toMatchObject({
      id: 'payment-gateway',
      features: expect.arrayContaining(['chargeback_handling']),
      setupRequired: true,
    });
    expect(catalogue.accounting[0]!.credentialFields).toEqual(['clientId', 'clientSecret', 'accessToken', 'refreshToken', 'companyId']);
  });

  it('sets a connector up with its mapping, keeping the credentials and never showing them', async () => {
    const integration = await acs.integrations.setup('hosted-store', {
      name: 'Online shop',
      credentials,
      settings: { syncOrders: true },
      mapping: { defaultTaxCode: 'SST10', defaultPaymentAccount: '1120', feeAccount: '6700' },
    });
    expect(integration).toMatchObject({
      connectorId: 'hosted-store',
      category: 'ecommerce',
      status: 'active',
      credentialFields: ['accessToken', 'shopDomain', 'webhookSecret'],
    });
    expect(JSON.stringify(integration)).not.toContain(credentials.accessToken);
    const again = await acs.integrations.setup(integration.id, { name: 'Online shop (renamed)', credentials });
    expect(again).toMatchObject({ id: integration.id, name: 'Online shop (renamed)' });
  });

  it('refuses credentials of the wrong shape (400 INVALID_CREDENTIALS) or refused by the upstream (422 AUTH_FAILED), without echoing them', async () => {
    const bad = await acs.integrations
      .setup('hosted-store', { name: 'x', credentials: { ...credentials, accessToken: 'short', extra: 'secret-value-xyz' } })
      .then(
        () => {
          throw new Error('accepted');
        },
        (e: unknown) => e as { status: number; code: string; message: string; details: { field: string }[] },
      );
    expect(bad).toMatchObject({ status: 400, code: 'INVALID_CREDENTIALS' });
    expect(bad.details.map((d: { field: string }) => d.field).sort()).toEqual(['credentials.accessToken', 'credentials.extra']);
    expect(JSON.stringify(bad.details) + bad.message).not.toMatch(/short|secret-value-xyz/);
    const refused = await acs.integrations
      .setup('hosted-store', { name: 'x', credentials: { ...credentials, accessToken: 'revoked_0123456789abcdef' } })
      .then(
        () => {
          throw new Error('accepted');
        },
        (e: unknown) => e as { status: number; code: string; message: string; details: { field: string }[] },
      );
    expect(refused).toMatchObject({ status: 422, code: 'AUTH_FAILED' });
    expect(JSON.stringify(refused.details)).not.toContain('revoked_0123456789abcdef');
  });

  it('refuses a mapping to an account that does not fit (422 DATA_MAPPING_ERROR), and an unknown connector (404)', async () => {
    await expect(acs.integrations.setup('hosted-store', { name: 'x', credentials, mapping: { feeAccount: '4100' } })).rejects.toMatchObject(
      { status: 422, code: 'DATA_MAPPING_ERROR' },
    );
    await expect(
      acs.integrations.setup('hosted-store', { name: 'x', credentials, mapping: { defaultTaxCode: 'SR' } }),
    ).rejects.toMatchObject({ status: 422, code: 'DATA_MAPPING_ERROR' });
    await expect(acs.integrations.setup('no-such-store', { name: 'x', credentials })).rejects.toMatchObject({
      status: 404,
      code: 'CONNECTOR_NOT_FOUND',
    });
  });

  it('writes no credential into the audit trail or the change log', async () => {
    await acs.integrations.setup('hosted-store', { name: 'Online shop', credentials });
    const rows = mock.store.table(mock.credentials.companyId, 'auditTrails').all();
    expect(JSON.stringify(rows)).not.toContain(credentials.accessToken);
  });
});
