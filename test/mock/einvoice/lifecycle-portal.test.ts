import { describe, expect, it } from 'vitest';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { UnprocessableEntityError, type AcsError } from '../../../src/index.js';
import { einvoiceEvents, sentInvoiceWithTin } from './lifecycle-helpers.js';

// EINV-22, EINV-20, EINV-25, EINV-27: the portal's own rules (a malformed buyer TIN), the validate endpoint,
// cancellation and the list filters.
describe('the simulated portal rejecting a document', () => {
  const { acs, mock } = sandbox({ seed: 'demo' });
  const malformed = { taxId: 'C123' };

  it('is foreseen by validate: the finding is an error and canSubmit is false; without checkTaxCompliance it is not checked', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const fine = await acs.einvoices.validate({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    expect(fine).toMatchObject({ isValid: true, format: 'PEPPOL_UBL', errors: [], summary: { totalErrors: 0, canSubmit: true } });
    expect(fine.compliance.profile).toBe('PEPPOL BIS Billing 3.0');
    for (const warning of fine.warnings) expect(warning).toMatchObject({ severity: 'warning', suggestion: expect.any(String) });
    expect(fine.summary.totalWarnings).toBe(fine.warnings.length);
    const before = await acs.einvoices.list();
    const { taxNumber } = await acs.customers.retrieve(invoice.customerId);
    await acs.customers.update(invoice.customerId, { taxNumber: 'C123' });
    const foreseen = await acs.einvoices.validate({ invoiceId: invoice.id, format: 'PEPPOL_UBL', checkTaxCompliance: true });
    expect(foreseen).toMatchObject({ isValid: false, summary: { totalErrors: 1, canSubmit: false } });
    expect(foreseen.errors).toEqual([expect.objectContaining({ field: 'buyer.taxId', severity: 'error' })]);
    expect(
      (await acs.einvoices.validate({ invoiceId: invoice.id, format: 'PEPPOL_UBL', checkTaxCompliance: false })).summary.canSubmit,
    ).toBe(true);
    expect((await acs.einvoices.list()).data).toEqual(before.data);
    await acs.customers.update(invoice.customerId, { taxNumber });
  });

  it('answers a waiting submission with 422 EINVOICE_VALIDATION_FAILED and governmentResponse, and changes nothing', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const { id } = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', buyer: malformed });
    const error = (await failureOf(
      acs.einvoices.submit({ einvoiceId: id, options: { waitForResponse: true, timeout: 60 } }),
    )) as UnprocessableEntityError;
    expect(UnprocessableEntityError.is(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'EINVOICE_VALIDATION_FAILED' });
    expect(error.details).toEqual([
      expect.objectContaining({
        code: expect.any(String),
        field: 'buyer.taxId',
        severity: 'error',
        xpath: expect.stringContaining('EndpointID'),
      }),
    ]);
    expect(error.governmentResponse).toMatchObject({
      portal: 'peppol',
      errorCode: (error.details[0] as { code: string }).code,
      validationId: expect.any(String),
    });
    const report = await acs.einvoices.status(id);
    expect(report).toMatchObject({ status: 'validated', nextActions: ['submit'] });
    expect(einvoiceEvents(mock, id)).toEqual(['einvoice.created:created', 'einvoice.validated:validated']);
  });

  it('records a rejection by the clock when the caller does not wait, with errors on einvoice.rejected', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const { id } = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', buyer: malformed, autoSubmit: true });
    mock.clock.advance({ seconds: 6 });
    const report = await acs.einvoices.status(id);
    expect(report).toMatchObject({
      status: 'rejected',
      nextActions: ['fix_and_recreate'],
      government: { status: 'invalid', longId: null },
    });
    expect(report.timeline.at(-1)).toMatchObject({ status: 'rejected', notes: expect.stringContaining('Rejected by peppol') });
    const rejected = mock.events.history.find(
      (e) => e.event === 'einvoice.rejected' && (e.data as { einvoiceId: string }).einvoiceId === id,
    );
    expect(rejected?.data).toMatchObject({ status: 'rejected', errors: [expect.objectContaining({ field: 'buyer.taxId' })] });
    expect((await acs.invoices.retrieve(invoice.id)).einvoice.status).toBe('rejected');
  });

  it('is not waited for when the portal answers later than the timeout: the submission stays submitted', async () => {
    const slow = sandbox({ seed: 'demo', einvoice: { portalDelayMs: 90_000 } });
    const invoice = await sentInvoiceWithTin(slow.acs);
    const { id } = await slow.acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', buyer: malformed });
    const submission = await slow.acs.einvoices.submit({ einvoiceId: id, options: { waitForResponse: true, timeout: 60 } });
    expect(submission).toMatchObject({ status: 'submitted', tracking: { estimatedProcessingTime: '90 seconds' } });
  });
});

describe('cancelling an e-invoice', () => {
  const { acs, mock } = sandbox({ seed: 'demo' });

  const accepted = async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const { id } = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    await acs.einvoices.submit({ einvoiceId: id, options: { waitForResponse: true } });
    return { id, invoice };
  };

  it('cancels an accepted one with the reason and its code, and the invoice and events follow', async () => {
    const { id, invoice } = await accepted();
    const cancelled = await acs.einvoices.cancel(id, { reasonCode: '01', notes: 'issued twice' });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      government: { status: 'cancelled' },
      cancellation: { reason: 'duplicate_invoice', reasonCode: '01', notes: 'issued twice' },
    });
    expect(cancelled.cancellation!.cancellationDate).toBe(mock.today());
    expect((await acs.einvoices.status(id)).nextActions).toEqual([]);
    expect(einvoiceEvents(mock, id).at(-1)).toBe('einvoice.cancelled:cancelled');
    expect((await acs.invoices.retrieve(invoice.id)).einvoice.status).toBe('cancelled');
  });

  it('refuses a reason that disagrees with its code, no reason at all, and a validated e-invoice', async () => {
    const { id } = await accepted();
    const mismatch = (await failureOf(acs.einvoices.cancel(id, { reason: 'data_error', reasonCode: '01' }))) as AcsError;
    expect(mismatch).toMatchObject({ status: 400, code: 'INVALID_INVOICE_DATA' });
    expect(await failureOf(acs.einvoices.cancel(id, {}))).toMatchObject({ status: 400, code: 'INVALID_INVOICE_DATA' });
    expect((await acs.einvoices.status(id)).status).toBe('accepted');
    const invoice = await sentInvoiceWithTin(acs);
    const validated = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    expect(await failureOf(acs.einvoices.cancel(validated.id, { reason: 'other' }))).toMatchObject({
      status: 422,
      code: 'BUSINESS_RULE_VIOLATION',
    });
  });

  it('allows a MyInvois cancellation for 72 hours after acceptance by the mock clock, then refuses it', async () => {
    const { id } = await accepted();
    // Until the MyInvois format lands on this branch, the PEPPOL row stands in for a MyInvois one.
    const table = mock.store.table<{ id: string; portal: string }>(mock.credentials.companyId, 'einvoices');
    table.update(id, { portal: 'myinvois' });
    mock.clock.advance({ hours: 71 });
    expect((await acs.einvoices.status(id)).nextActions).toContain('cancel');
    mock.clock.advance({ hours: 2 });
    expect((await acs.einvoices.status(id)).nextActions).not.toContain('cancel');
    const error = (await failureOf(acs.einvoices.cancel(id, { reason: 'buyer_rejection' }))) as AcsError;
    expect(error).toMatchObject({ status: 422, code: 'EINVOICE_CANCELLATION_WINDOW_CLOSED' });
    expect(error.details[0]).toMatchObject({ einvoiceId: id, cancellableUntil: expect.any(String) });
    expect((await acs.einvoices.status(id)).status).toBe('accepted');
  });
});

describe('listing e-invoices', () => {
  const { acs, mock } = sandbox({ seed: 'demo' });

  it('filters by every field of the spec, newest first', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const first = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    mock.clock.advance({ seconds: 1 });
    const second = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', autoSubmit: true });
    const ids = async (query: Parameters<typeof acs.einvoices.list>[0]) => (await acs.einvoices.list(query)).data.map((e) => e.id);
    expect(await ids({})).toEqual([second.id, first.id]);
    expect(await ids({ status: 'validated' })).toEqual([first.id]);
    expect(await ids({ format: 'PEPPOL_UBL', portal: 'peppol' })).toEqual([second.id, first.id]);
    expect(await ids({ portal: 'myinvois' })).toEqual([]);
    expect(await ids({ uuid: first.uuid })).toEqual([first.id]);
    expect(await ids({ submissionId: second.submissionId! })).toEqual([second.id]);
    expect(await ids({ invoiceId: invoice.id, customerId: invoice.customerId })).toEqual([second.id, first.id]);
    const today = first.createdAt.slice(0, 10);
    expect(await ids({ dateFrom: today, dateTo: today })).toEqual([second.id, first.id]);
    expect(await ids({ dateFrom: '2999-01-01' })).toEqual([]);
  });
});
