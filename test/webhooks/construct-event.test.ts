import { readFileSync } from 'node:fs';
import { readSpecFile } from '../spec-files.js';
import { IMPLIED_WEBHOOK_EVENTS } from '../../src/contract/platform/webhook-events.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Customer, Invoice, Payment } from '../../src/index.js';
import {
  constructEvent,
  generateTestHeaders,
  InvalidArgumentError,
  signPayload,
  verifySignature,
  WEBHOOK_EVENTS,
  WebhookVerificationError,
  type WebhookEvent,
} from '../../src/webhooks/index.js';

const secret = 'whsec_construct_event_0123456789';
const delivery = {
  id: 'evt_0000000042',
  event: 'invoice.created',
  timestamp: '2026-11-02T09:00:00.000Z',
  companyId: 'cmp_1',
  data: { id: 'inv_1', invoiceNumber: 'INV-000042', customer: { name: 'Kedai Runcit Ah Seng' } },
};
const body = JSON.stringify(delivery);

const failure = async (params: Parameters<typeof constructEvent>[0]) => {
  const error = await constructEvent(params).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
};

describe('constructEvent', () => {
  it('returns the verified delivery body', async () => {
    const event = await constructEvent({ payload: body, signature: await signPayload({ payload: body, secret }), secret });
    expect(event).toEqual(delivery);
  });

  it('reads a non-ASCII body from its bytes', async () => {
    const text = JSON.stringify({ ...delivery, data: { name: 'Café Ümlaut 東京' } });
    const bytes = new TextEncoder().encode(text);
    const event = await constructEvent({ payload: bytes, signature: await signPayload({ payload: bytes, secret }), secret });
    expect(event.data).toEqual({ name: 'Café Ümlaut 東京' });
  });

  it('names why a delivery is refused: missing, malformed or wrong signature', async () => {
    expect((await failure({ payload: body, signature: undefined, secret })).reason).toBe('missing_signature');
    expect((await failure({ payload: body, signature: 'sha256=nothex', secret })).reason).toBe('malformed_signature');
    const wrong = await failure({
      payload: body,
      signature: await signPayload({ payload: body, secret: 'whsec_someone_else_000' }),
      secret,
    });
    expect(wrong.reason).toBe('signature_mismatch');
    expect(wrong.message).not.toContain(secret);
  });

  it('refuses a correctly signed body that is not UTF-8 JSON, or not a delivery', async () => {
    const notUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    for (const payload of [
      notUtf8,
      'not json',
      '[]',
      '{"id":"evt_1","event":"x","timestamp":"t"}',
      '{"id":1,"event":"x","timestamp":"t","data":{}}',
    ]) {
      const error = await failure({ payload, signature: await signPayload({ payload, secret }), secret });
      expect(error.reason).toBe('malformed_payload');
    }
  });

  it('refuses a parsed body as a programming error, not as a bad delivery', async () => {
    const error = await constructEvent({ payload: delivery as never, signature: 'sha256=00', secret }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
  });

  it('types data by event name', () => {
    const narrow = (event: WebhookEvent) => {
      switch (event.event) {
        case 'invoice.created':
          expectTypeOf(event.data).toEqualTypeOf<Invoice>();
          return event.data.invoiceNumber;
        case 'payment.received':
          expectTypeOf(event.data).toEqualTypeOf<Payment>();
          return event.data.paymentNumber;
        case 'customer.created':
          expectTypeOf(event.data).toEqualTypeOf<Customer>();
          return event.data.customerNumber;
        case 'order.status_changed':
          expectTypeOf(event.data.previousStatus).toEqualTypeOf<'draft' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled'>();
          return event.data.orderNumber;
        case 'einvoice.rejected':
          return event.data.errors?.length;
        case 'bill.paid':
          expectTypeOf(event.data).toEqualTypeOf<Record<string, unknown>>();
          return undefined;
        default:
          expectTypeOf(event.event).toEqualTypeOf<
            Exclude<
              (typeof WEBHOOK_EVENTS)[number],
              'invoice.created' | 'payment.received' | 'customer.created' | 'order.status_changed' | 'einvoice.rejected' | 'bill.paid'
            >
          >();
          return undefined;
      }
    };
    expect(narrow(delivery as WebhookEvent)).toBe('INV-000042');
  });
});

describe('generateTestHeaders', () => {
  it('gives every delivery header, with a signature the verifier accepts', async () => {
    const headers = await generateTestHeaders({
      payload: body,
      secret,
      id: 'whd_test_1',
      timestamp: new Date('2026-11-02T09:00:00Z'),
      attempt: 2,
    });
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Webhook-Id': 'whd_test_1',
      'X-Webhook-Timestamp': String(Date.parse('2026-11-02T09:00:00Z') / 1000),
      'X-Webhook-Attempt': '2',
    });
    expect(await verifySignature({ payload: body, signature: headers['X-Signature'], secret })).toBe(true);
  });
});

describe('the event catalogue', () => {
  it('holds every event name of spec document 1 ("Events") and the stream channels, once each', () => {
    const spec = readSpecFile('1-platform-conventions.md');
    const events = spec.slice(spec.indexOf('### Webhooks'), spec.indexOf('## Errors'));
    const named = new Set([...events.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]));
    // The subscribe example's `invoice.updates` and `stock.changes` are stream aliases, not events.
    named.delete('invoice.updates');
    named.delete('stock.changes');
    // "Some examples wrap the record as `data.object`": a field, not an event.
    named.delete('data.object');
    expect(new Set(WEBHOOK_EVENTS)).toEqual(new Set([...named, ...IMPLIED_WEBHOOK_EVENTS]));
    expect(new Set(WEBHOOK_EVENTS).size).toBe(WEBHOOK_EVENTS.length);
  });
});

describe('acs-sdk/webhooks', () => {
  it('loads no Node built-in and no zod at run time: its own files, core errors and the zod-free catalogue only', () => {
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      // Statements only: doc comments show imports of the package by its name.
      const source = readFileSync(url, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const [, specifier] of source.matchAll(/(?:import|export)(?!\s+type\b)[^'";]*?from\s+'([^']+)'/g)) {
        expect(specifier, `${url.pathname} imports ${specifier}`).toMatch(/^\.\.?\//);
        visit(new URL(specifier.replace(/\.js$/, '.ts'), url));
      }
    };
    visit(new URL('../../src/webhooks/index.ts', import.meta.url));
    const files = [...seen].map((href) => href.replace(/^.*\/src\//, ''));
    expect(files).toEqual(expect.arrayContaining(['webhooks/signature.ts', 'core/errors.ts', 'contract/platform/webhook-events.ts']));
    for (const file of files)
      expect(file).toMatch(/^(webhooks\/|core\/errors\.ts$|internal\/redact\.ts$|contract\/platform\/webhook-events\.ts$)/);
  });
});
