import { describe, expect, it } from 'vitest';
import { failureOf, sandbox } from '../../support/sandbox.js';
import type { AcsError } from '../../../src/index.js';
import { einvoiceEvents, sentInvoiceWithTin } from './lifecycle-helpers.js';

// EINV-21: created -> validated -> submitted -> accepted, decided by the simulated portal on the mock clock.
describe('an e-invoice from creation to acceptance', () => {
  const { acs, mock } = sandbox({ seed: 'demo' });

  it('is validated on creation, and the sales invoice follows it', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    expect(einvoice.status).toBe('validated');
    expect(einvoice.validation).toMatchObject({ isValid: true, errors: [] });
    expect(einvoice.timeline.map((t) => t.status)).toEqual(['created', 'validated']);
    expect(einvoiceEvents(mock, einvoice.id)).toEqual(['einvoice.created:created', 'einvoice.validated:validated']);
    const followed = await acs.invoices.retrieve(invoice.id);
    expect(followed.einvoice).toMatchObject({
      status: 'validated',
      uuid: einvoice.uuid,
      validationHash: einvoice.validationHash,
      submittedAt: null,
    });
  });

  it('is submitted with portal ids, then accepted once the portal delay has passed on the mock clock, with one event each', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const { id } = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    const submission = await acs.einvoices.submit({ einvoiceId: id });
    expect(submission.status).toBe('submitted');
    expect(submission.submissionId).toMatch(/^[A-Z0-9]{26}$/);
    expect(submission.tracking.statusCheckUrl).toBe(`/v1/einvoice/${id}/status`);
    const pending = await acs.einvoices.status(id);
    expect(pending).toMatchObject({
      status: 'submitted',
      nextActions: ['wait', 'cancel'],
      government: { submissionId: submission.submissionId, longId: null },
    });

    mock.clock.advance({ seconds: 6 });
    const report = await acs.einvoices.status(id);
    expect(report.status).toBe('accepted');
    expect(report.government).toMatchObject({ status: 'valid', longId: expect.stringMatching(/^[A-Z0-9]{40}$/) });
    expect(report.government.acceptanceTime).not.toBeNull();
    expect(report.nextActions).toEqual(['download_pdf', 'send_to_customer', 'cancel']);
    expect(report.timeline.map((t) => t.status)).toEqual(['created', 'validated', 'submitted', 'accepted']);
    await acs.einvoices.status(id);
    await acs.einvoices.list();
    expect(einvoiceEvents(mock, id).filter((e) => e.startsWith('einvoice.accepted'))).toHaveLength(1);

    const [accepted] = (await acs.einvoices.list({ submissionId: submission.submissionId })).data;
    expect(accepted!.qrCode).toMatch(/^data:image\/png;base64,/);
    const followed = await acs.invoices.retrieve(invoice.id);
    expect(followed.einvoice).toMatchObject({
      status: 'accepted',
      acceptedAt: report.government.acceptanceTime,
      submittedAt: accepted!.government.submittedAt,
    });
  });

  it('answers a second submission of an accepted e-invoice with 409 EINVOICE_ALREADY_SUBMITTED and the spec details', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const { id } = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    const first = await acs.einvoices.submit({ einvoiceId: id, options: { waitForResponse: true } });
    expect(first.status).toBe('accepted');
    const error = (await failureOf(acs.einvoices.submit({ einvoiceId: id }))) as AcsError;
    expect(error).toMatchObject({ status: 409, code: 'EINVOICE_ALREADY_SUBMITTED' });
    expect(error.details).toEqual([
      { einvoiceId: id, status: 'accepted', submissionId: first.submissionId, submittedAt: first.government.submittedAt },
    ]);
  });

  it('submits on creation with autoSubmit at the top level or in options, and never with validateOnly', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    expect((await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', autoSubmit: true })).status).toBe('submitted');
    expect((await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', options: { autoSubmit: true } })).status).toBe(
      'submitted',
    );
    const only = await acs.einvoices.create({
      invoiceId: invoice.id,
      format: 'PEPPOL_UBL',
      autoSubmit: true,
      options: { validateOnly: true },
    });
    expect(only.status).toBe('validated');
    expect(only.submissionId).toBeNull();
  });

  it('refuses to submit an e-invoice that is not validated, and to a portal that is not its own', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const { id } = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', autoSubmit: true });
    expect(await failureOf(acs.einvoices.submit({ einvoiceId: id }))).toMatchObject({ status: 422, code: 'BUSINESS_RULE_VIOLATION' });
    const other = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    const wrong = (await failureOf(acs.einvoices.submit({ einvoiceId: other.id, portal: 'myinvois' }))) as AcsError;
    expect(wrong).toMatchObject({ status: 400, code: 'INVALID_INVOICE_DATA' });
    expect(wrong.details).toContainEqual(expect.objectContaining({ field: 'portal' }));
    expect((await acs.einvoices.status(other.id)).status).toBe('validated');
  });

  it('publishes the decision on einvoice.submitted too when the submission asks for notifyOnCompletion', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const { id } = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    await acs.einvoices.submit({ einvoiceId: id, options: { notifyOnCompletion: true } });
    mock.clock.advance({ seconds: 6 });
    expect(einvoiceEvents(mock, id)).toEqual([
      'einvoice.created:created',
      'einvoice.validated:validated',
      'einvoice.submitted:submitted',
      'einvoice.accepted:accepted',
      'einvoice.submitted:accepted',
    ]);
  });
});

describe('acs.einvoices.waitFor (waitForEinvoice)', () => {
  const { acs, mock } = sandbox({ seed: 'demo', einvoice: { portalDelayMs: 40 } });

  it('hears of the decision on the event bus at its moment in real time, with nobody reading', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', autoSubmit: true });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(einvoiceEvents(mock, einvoice.id).at(-1)).toBe('einvoice.accepted:accepted');
  });

  it('polls the status until the portal decides, reporting each status once', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL', autoSubmit: true });
    const seen: string[] = [];
    const report = await acs.einvoices.waitFor(einvoice.id, {
      until: ['accepted', 'rejected'],
      intervalMs: 15,
      onProgress: (r) => seen.push(r.status),
    });
    expect(report.status).toBe('accepted');
    expect(seen).toEqual(['submitted', 'accepted']);
  });

  it('stops with an AbortError when its signal aborts', async () => {
    const invoice = await sentInvoiceWithTin(acs);
    const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
    const error = await failureOf(acs.einvoices.waitFor(einvoice.id, { intervalMs: 10, signal: AbortSignal.timeout(30) }));
    expect(error).toMatchObject({ name: 'AbortError', code: 'ABORTED' });
  });
});
