// Reports: an owner's month end against the demo company. The balance sheet as JSON and as a PDF, the
// receivables by age tied to the ledger, a schedule that emails the trial balance when the mock clock
// passes its time, and a balance sheet computed as an asynchronous job with its progress.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const asOfDate = mock.today();

  // 1. The balance sheet on a date, against the month before; it balances on any date.
  const sheet = await acs.reports.balanceSheet({ asOfDate, comparativePeriod: 'previous-month' });
  const { totalAssets, totalLiabilitiesAndEquity, balanced } = sheet.balanceCheck;

  // 2. The same report as a PDF: company, title, period, tables with right-aligned amounts, page numbers.
  const pdf = await acs.reports.balanceSheet.download({ asOfDate, format: 'pdf' });
  // In Node: await writeFile(pdf.filename, new Uint8Array(pdf.data)); in a browser: URL.createObjectURL(pdf.blob())

  // 3. Receivables by age; the total is the receivables control account (1130) on that date.
  const aged = await acs.reports.agedReceivables({ asOfDate });
  const trial = await acs.reports.trialBalance({ asOfDate });
  const receivables = trial.accounts.find((row) => row.accountCode === '1130')!;

  // 4. A schedule: the trial balance as a PDF on the 1st of each month at 08:00 in Kuala Lumpur.
  const schedule = await acs.reports.schedules.create({
    reportId: 'trial-balance',
    name: 'Month-end trial balance',
    schedule: { frequency: 'monthly', dayOfMonth: 1, time: '08:00', timezone: 'Asia/Kuala_Lumpur' },
    parameters: { format: 'pdf' },
    recipients: [{ email: 'owner@tanjungtrading.com.my', name: 'Owner' }],
    emailSubject: 'Trial balance, {{month}} {{year}}',
    active: true,
  });
  // The sandbox's clock passes the run: the report runs and the email lands in the outbox.
  mock.clock.set(new Date(Date.parse(schedule.nextRunAt!) + 60_000));
  await acs.reports.schedules.list(); // any request lets the mock catch up with its clock
  const email = mock.outbox.find((message) => message.kind === 'report');

  // 5. A balance sheet as an asynchronous job: 202 processing, progress, then the result.
  const job = await acs.reports.balanceSheetAsync({ asOfDate });
  const progress: number[] = [];
  const done = await acs.reports.waitForJob(job.jobId, {
    intervalMs: 1,
    onProgress: (current) => {
      progress.push(current.progress);
      mock.clock.advance({ seconds: 1 }); // the sandbox's jobs advance with its clock
    },
  });
  const result = await acs.reports.jobs.result(job.jobId);

  console.log(`assets ${totalAssets} = liabilities and equity ${totalLiabilitiesAndEquity}; ${pdf.filename}; job ${done.status}`);
  return {
    balanced,
    totalAssets,
    pdf: { filename: pdf.filename, contentType: pdf.contentType, startsWith: new TextDecoder().decode(pdf.data.slice(0, 5)) },
    agedTotal: aged.summary.totalOutstanding,
    receivablesAccount: receivables.debit - receivables.credit,
    email: email && {
      subject: email.subject,
      attachments: (email as { attachments?: { filename: string }[] }).attachments?.map((a) => a.filename),
    },
    job: {
      started: job.status,
      finished: done.status,
      progress,
      sameFigures: JSON.stringify((result as typeof sheet).balanceCheck) === JSON.stringify(sheet.balanceCheck),
    },
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
