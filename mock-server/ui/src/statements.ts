import { api, queryOf } from './api.js';
import { ErrorLine, useLoad } from './hooks.js';
import { html } from './html.js';

/** An account row of a report: the trial balance's debit and credit, a statement's balance or amount. */
interface ReportAccount {
  accountId: string;
  accountCode: string;
  accountName: string;
  accountType?: string;
  debit?: number;
  credit?: number;
  balance?: number;
  amount?: number;
}
/** A statement's section: its total, its accounts, and sections within it (current and non-current assets). */
type Section = { total?: number; accounts?: ReportAccount[] } & Record<string, unknown>;

const money = (value: number | undefined) => (typeof value === 'number' ? value.toFixed(2) : '');
const titleOf = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
const isSection = (value: unknown): value is Section => typeof value === 'object' && value !== null && 'total' in value;

/** An account's name as a link to its ledger. */
const AccountLink = ({ account }: { account: ReportAccount }) =>
  html`<a href=${`#/books/ledger/${account.accountId}`}>${account.accountCode} ${account.accountName}</a>`;

/** A statement section, with its nested sections, as headed tables (the balance sheet's and the P&L's). */
function SectionTable({ name, section, level }: { name: string; section: Section; level: number }) {
  const children = Object.entries(section).filter(([, value]) => isSection(value)) as [string, Section][];
  const heading = level === 0 ? html`<h3>${titleOf(name)}</h3>` : html`<h4>${titleOf(name)}</h4>`;
  return html`<div class="statement-section" data-section=${name}>
    ${heading}
    ${
      section.accounts &&
      section.accounts.length > 0 &&
      html`<div class="table-wrap"><table>
      <thead><tr><th scope="col">Account</th><th scope="col" class="num">Amount</th></tr></thead>
      <tbody>${section.accounts.map((a) => html`<tr><td><${AccountLink} account=${a} /></td><td class="num">${money(a.balance ?? a.amount)}</td></tr>`)}</tbody>
    </table></div>`
    }
    ${children.map(([key, child]) => html`<${SectionTable} name=${key} section=${child} level=${level + 1} />`)}
    <p><strong>Total ${titleOf(name).toLowerCase()}: ${money(section.total)}</strong></p>
  </div>`;
}

/** The trial balance as of `asOf`: every account with its debit or credit, the totals and whether they balance. */
export function TrialBalance({ companyId, asOf }: { companyId: string; asOf: string }) {
  const report = useLoad(
    () =>
      api<{ accounts: ReportAccount[]; totals: { debit: number; credit: number; balanced: boolean } }>(
        `/reports/trial-balance${queryOf({ asOfDate: asOf })}`,
        companyId,
      ),
    [asOf],
  );
  const data = report.data?.data;
  return html`<section aria-labelledby="tb-title">
    <h2 id="tb-title">Trial balance${asOf ? ` as of ${asOf}` : ''}</h2>
    <${ErrorLine} error=${report.error} />
    ${
      data &&
      html`<div class="table-wrap"><table class="stack" id="trial-balance">
      <thead><tr><th scope="col">Account</th><th scope="col">Type</th><th scope="col" class="num">Debit</th><th scope="col" class="num">Credit</th></tr></thead>
      <tbody>${data.accounts.map(
        (a) =>
          html`<tr><th scope="row"><${AccountLink} account=${a} /></th><td data-label="Type">${a.accountType}</td><td data-label="Debit" class="num">${a.debit ? money(a.debit) : ''}</td><td data-label="Credit" class="num">${a.credit ? money(a.credit) : ''}</td></tr>`,
      )}</tbody>
      <tfoot><tr><th scope="row">Totals ${data.totals.balanced ? '(balanced)' : '(NOT balanced)'}</th><td></td><td data-label="Debit" class="num">${money(data.totals.debit)}</td><td data-label="Credit" class="num">${money(data.totals.credit)}</td></tr></tfoot>
    </table></div>`
    }
  </section>`;
}

/** The balance sheet as of `asOf`, or the P&L from `from` to `asOf`: each section with its accounts and total. */
export function Statement({
  companyId,
  kind,
  from,
  asOf,
  today,
}: {
  companyId: string;
  kind: 'balance-sheet' | 'profit-loss';
  from: string;
  asOf: string;
  /** The mock clock's date, for a P&L given one end only. */
  today: string;
}) {
  // The P&L takes both ends or neither: a missing one is the year's first day or today by the mock clock.
  const to = asOf || today;
  const query =
    kind === 'balance-sheet'
      ? queryOf({ asOfDate: asOf })
      : from || asOf
        ? queryOf({ fromDate: from || `${to.slice(0, 4)}-01-01`, toDate: to })
        : '';
  const report = useLoad(
    () => api<{ sections: Record<string, Section> } & Record<string, unknown>>(`/reports/${kind}${query}`, companyId),
    [kind, query],
  );
  const data = report.data?.data;
  const title =
    kind === 'balance-sheet'
      ? `Balance sheet as of ${data?.asOfDate ?? asOf}`
      : `Profit and loss, ${data?.fromDate ?? from} to ${data?.toDate ?? asOf}`;
  return html`<section aria-labelledby="statement-title">
    <h2 id="statement-title">${title}</h2>
    <${ErrorLine} error=${report.error} />
    ${data && Object.entries(data.sections).map(([name, section]) => html`<${SectionTable} name=${name} section=${section} level=${0} />`)}
    ${
      data &&
      Object.entries(data)
        .filter(([key, value]) => key !== 'sections' && isSection(value))
        .map(([key, value]) => html`<p><strong>${titleOf(key)}: ${money((value as Section).total)}</strong></p>`)
    }
  </section>`;
}
