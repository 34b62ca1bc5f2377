import { api, queryOf } from './api.js';
import { ErrorLine, useLoad } from './hooks.js';
import { html } from './html.js';
import type { AccountLedger, JournalEntry } from '../../../src/index.js';

/** The documents view's module of a posting document's type (`invoice` -> invoices). */
const SOURCE_MODULES: Record<string, string> = {
  invoice: 'invoices',
  credit_note: 'credit-notes',
  bill: 'bills',
  stock_adjustment: 'stock-adjustments',
  stock_transfer: 'transfers',
  transfer: 'transfers',
  purchase_order: 'purchase-orders',
  sales_order: 'sales-orders',
};

const money = (value: number) => value.toFixed(2);

/** The document that posted an entry, as a link to its detail when the documents view lists its kind. */
function SourceLink({ source }: { source: JournalEntry['source'] }) {
  if (!source) return html`<span class="muted">manual entry</span>`;
  const module = SOURCE_MODULES[source.type];
  const label = `${source.type.replace(/_/g, ' ')} ${source.id}`;
  return module ? html`<a href=${`#/documents/${module}/${source.id}`}>${label}</a>` : html`<span>${label}</span>`;
}

/** Journal entries up to `asOf`, newest first, each opening to its lines and the document that posted it. */
export function JournalEntries({ companyId, asOf }: { companyId: string; asOf: string }) {
  const entries = useLoad(
    () => api<JournalEntry[]>(`/journal-entries${queryOf({ dateTo: asOf, sort: 'date', order: 'desc', limit: 50 })}`, companyId),
    [asOf],
  );
  return html`<section aria-labelledby="entries-title">
    <h2 id="entries-title">Journal entries</h2>
    <${ErrorLine} error=${entries.error} />
    <ol class="list" aria-label="Journal entries, newest first">
      ${(entries.data?.data ?? []).map(
        (e) => html`<li class="item" key=${e.id} data-entry=${e.id}>
          <details>
            <summary><strong>${e.journalNumber}</strong> ${e.date} · ${e.description} · ${money(e.totalDebit)} <span class="muted">${e.status}</span></summary>
            <p>Posted by <${SourceLink} source=${e.source} />${e.reference ? `, reference ${e.reference}` : ''}</p>
            <div class="table-wrap"><table>
              <thead><tr><th scope="col">Account</th><th scope="col" class="num">Debit</th><th scope="col" class="num">Credit</th></tr></thead>
              <tbody>${e.lines.map(
                (l) =>
                  html`<tr><td><a href=${`#/books/ledger/${l.accountId}`}>${l.accountNumber} ${l.accountName}</a>${l.description ? html` <span class="muted">${l.description}</span>` : ''}</td><td class="num">${l.debit ? money(l.debit) : ''}</td><td class="num">${l.credit ? money(l.credit) : ''}</td></tr>`,
              )}</tbody>
            </table></div>
          </details>
        </li>`,
      )}
    </ol>
  </section>`;
}

/** One account's ledger up to `asOf`: opening balance, each posted line with its running balance, closing balance. */
export function LedgerOfAccount({ companyId, accountId, asOf }: { companyId: string; accountId: string; asOf: string }) {
  const ledger = useLoad(
    () => api<AccountLedger>(`/accounts/${accountId}/ledger${queryOf({ dateTo: asOf, limit: 100 })}`, companyId),
    [accountId, asOf],
  );
  const data = ledger.data?.data;
  return html`<section aria-labelledby="ledger-title">
    <h2 id="ledger-title">Ledger${data ? ` of ${data.account.accountNumber} ${data.account.name}` : ''}</h2>
    <${ErrorLine} error=${ledger.error} />
    ${
      data &&
      html`<p>Opening balance ${money(data.openingBalance)}; closing balance <strong>${money(data.closingBalance)}</strong></p>
      <div class="table-wrap"><table class="stack" id="ledger">
        <thead><tr><th scope="col">Entry</th><th scope="col">Date</th><th scope="col">Description</th><th scope="col" class="num">Debit</th><th scope="col" class="num">Credit</th><th scope="col" class="num">Balance</th></tr></thead>
        <tbody>${data.lines.map(
          (l) =>
            html`<tr key=${l.lineId}><th scope="row">${l.journalNumber}</th><td data-label="Date">${l.date}</td><td data-label="Description">${l.description ?? l.reference ?? ''}</td><td data-label="Debit" class="num">${l.debit ? money(l.debit) : ''}</td><td data-label="Credit" class="num">${l.credit ? money(l.credit) : ''}</td><td data-label="Balance" class="num">${money(l.balance)}</td></tr>`,
        )}</tbody>
      </table></div>`
    }
  </section>`;
}
