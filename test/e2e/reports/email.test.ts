import { beforeEach, describe, expect, it } from 'vitest';
import { type AcsError, ReportFile, type Logger } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

const START = '2026-11-02T09:00:00.000Z';
const { mock, acs, client } = sandbox({ now: START });

beforeEach(() => {
  mock.reset();
  mock.clock.set(START);
});

const reportMails = () => mock.outbox.filter((message) => message.kind === 'report');
/** The download link in an emailed report's text. */
const linkIn = (text: string) => new URL(/https:\/\/\S+\/reports\/links\/\S+/.exec(text)![0]);
const idAndToken = (url: URL) => [url.pathname.split('/').pop()!, { token: url.searchParams.get('token')! }] as const;

const codeOf = async (call: PromiseLike<unknown>) => {
  const error = (await failureOf(call)) as AcsError;
  return { status: error.status, code: error.code };
};

describe('emailed reports', () => {
  it('emails the report as an attached file (PDF by default), named and typed as its download', async () => {
    const sent = await acs.reports.email('trial-balance', {
      parameters: { asOfDate: '2026-10-31' },
      recipients: ['cfo@example.my', 'cfo@example.my', 'auditor@example.my'],
    });
    expect(sent).toEqual({
      messageId: expect.stringMatching(/^msg_/),
      reportType: 'trial-balance',
      recipients: ['cfo@example.my', 'auditor@example.my'],
      subject: 'Trial balance: As of 31 October 2026',
      sentAt: expect.any(String),
      attachment: { filename: 'trial-balance-2026-10-31.pdf', contentType: 'application/pdf' },
      link: null,
    });
    const [mail] = reportMails();
    expect(mail).toMatchObject({ id: sent.messageId, documentId: 'trial-balance', to: sent.recipients, attachPDF: true, message: '' });
    expect(mail.attachments!.map((a) => [a.filename, a.contentType])).toEqual([['trial-balance-2026-10-31.pdf', 'application/pdf']]);
  });

  it('attaches the same figures the report shows, in the format asked for', async () => {
    await acs.reports.email('trial-balance', {
      parameters: { asOfDate: '2026-10-31', format: 'csv' },
      recipients: ['cfo@example.my'],
      subject: 'October',
      message: 'Attached.',
    });
    const [mail] = reportMails();
    expect(mail).toMatchObject({ subject: 'October', message: 'Attached.', attachPDF: false });
    const bytes = await mail.attachments![0].bytes();
    const download = await acs.reports.trialBalance.download({ asOfDate: '2026-10-31', format: 'csv' });
    expect(new TextDecoder().decode(bytes)).toBe(download.text());
  });

  it('sends a link that downloads the file without credentials until it expires by the clock', async () => {
    const sent = await acs.reports.email('trial-balance', {
      parameters: { asOfDate: '2026-10-31', format: 'csv' },
      recipients: ['auditor@example.my'],
      message: 'For your review.',
      includeAttachment: false,
      includeLink: true,
      linkExpiryDays: 3,
    });
    expect(sent.attachment).toBeNull();
    expect(sent.link).toEqual({
      linkId: expect.stringMatching(/^rln_/),
      expiresAt: expect.stringMatching(/^2026-11-05T09:00:00\.\d{3}Z$/),
    });
    const [mail] = reportMails();
    expect(mail.attachments).toEqual([]);
    expect(mail.message).toMatch(
      /^For your review\.\n\nDownload trial-balance-2026-10-31\.csv until 2026-11-05T09:00:00\.\d{3}Z: https:\/\//,
    );
    const url = linkIn(mail.message);
    // The answer names the link, never its secret.
    expect(JSON.stringify(sent)).not.toContain(url.searchParams.get('token'));
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{43}$/);

    // A plain GET, with no credentials: what a mail reader's browser sends.
    const plain = await mock.fetch(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(plain.headers.get('content-disposition')).toContain('trial-balance-2026-10-31.csv');
    const expected = (await acs.reports.trialBalance.download({ asOfDate: '2026-10-31', format: 'csv' })).text();
    expect(await plain.text()).toBe(expected);

    const file = await acs.reports.downloadLink(...idAndToken(url));
    expect(file).toBeInstanceOf(ReportFile);
    expect(file.text()).toBe(expected);

    mock.clock.advance({ days: 2, hours: 23 });
    expect((await mock.fetch(url)).status).toBe(200);
    mock.clock.advance({ hours: 1 });
    expect(await codeOf(acs.reports.downloadLink(...idAndToken(url)))).toEqual({ status: 410, code: 'REPORT_LINK_EXPIRED' });
  });

  it('keeps the figures of the day the email was sent behind its link', async () => {
    await acs.reports.email('trial-balance', { parameters: { format: 'csv' }, recipients: ['a@example.my'], includeLink: true });
    const url = linkIn(reportMails()[0].message);
    const before = await (await mock.fetch(url)).text();
    const bank = (await acs.accounts.list({ accountNumber: '1120' })).data[0];
    const expenses = (await acs.accounts.list({ accountNumber: '6100' })).data[0];
    const entry = await acs.journalEntries.create({
      date: mock.today(),
      lines: [
        { accountId: expenses.id, debit: 99 },
        { accountId: bank.id, credit: 99 },
      ],
    });
    await acs.journalEntries.post(entry.id);
    expect(await (await mock.fetch(url)).text()).toBe(before);
  });

  it('answers a wrong token as an unknown link, and neither names the link', async () => {
    await acs.reports.email('trial-balance', { recipients: ['a@example.my'], includeLink: true });
    const url = linkIn(reportMails()[0].message);
    const [linkId, { token }] = idAndToken(url);
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await codeOf(acs.reports.downloadLink(linkId, { token: wrong }))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(await codeOf(acs.reports.downloadLink('rln_unknown', { token }))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    const body = await (await mock.fetch(new URL(`${url.origin}${url.pathname}?token=${wrong}`))).text();
    expect(body).not.toContain(wrong);
  });

  it('keeps the link’s token out of the SDK’s debug log', async () => {
    await acs.reports.email('trial-balance', { parameters: { format: 'csv' }, recipients: ['a@example.my'], includeLink: true });
    const url = linkIn(reportMails()[0].message);
    const lines: string[] = [];
    const record = (...args: unknown[]) => lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const logged = client({ logLevel: 'debug', logger });
    await logged.reports.downloadLink(...idAndToken(url));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(url.searchParams.get('token'));
  });

  it('refuses an unknown report, a bad parameter, a JSON email and an email with nothing in it, sending nothing', async () => {
    const recipients = ['a@example.my'];
    expect(await codeOf(acs.reports.email('no-such-report', { recipients }))).toEqual({ status: 404, code: 'REPORT_NOT_FOUND' });
    expect(await codeOf(acs.reports.email('trial-balance', { recipients, parameters: { asOfDate: 'yesterday' } }))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(await codeOf(acs.reports.email('trial-balance', { recipients, parameters: { format: 'json' } }))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(await codeOf(acs.reports.email('trial-balance', { recipients, parameters: { format: 'xml' } }))).toEqual({
      status: 400,
      code: 'FORMAT_NOT_SUPPORTED',
    });
    expect(await codeOf(acs.reports.email('trial-balance', { recipients, parameters: { currency: 'USD' } }))).toEqual({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(await codeOf(acs.reports.email('trial-balance', { recipients, includeAttachment: false }))).toEqual({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
    expect(await codeOf(acs.reports.email('trial-balance', { recipients: ['not an address'] }))).toEqual({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
    expect(await codeOf(acs.reports.email('trial-balance', { recipients, includeLink: true, linkExpiryDays: 31 }))).toEqual({
      status: 422,
      code: 'VALIDATION_ERROR',
    });
    expect(reportMails()).toEqual([]);
  });
});
