import { useState } from 'preact/hooks';
import { api, control } from './api.js';
import { useHashPath, useLoad } from './hooks.js';
import { html } from './html.js';
import { JournalEntries, LedgerOfAccount } from './ledger.js';
import { Statement, TrialBalance } from './statements.js';

const REPORTS = [
  { id: 'trial-balance', title: 'Trial balance' },
  { id: 'journal', title: 'Journal entries' },
  { id: 'ledger', title: "An account's ledger" },
  { id: 'balance-sheet', title: 'Balance sheet' },
  { id: 'profit-loss', title: 'Profit and loss' },
];

/** View 6: the books, read from the public reports and ledger endpoints for a chosen date (`#/books/<report>/<account>`). */
export function BooksView({ companyId }: { companyId: string }) {
  const [, hashReport, hashAccount] = useHashPath();
  const report = REPORTS.some((r) => r.id === hashReport) ? hashReport : 'trial-balance';
  const [asOf, setAsOf] = useState('');
  const [from, setFrom] = useState('');
  const accounts = useLoad(() => api<{ id: string; accountNumber: string; name: string }[]>('/accounts?limit=100', companyId), []);
  const clock = useLoad(() => control<{ now: string }>('/clock'), []);
  const today = clock.data?.data.now.slice(0, 10) ?? '';
  const accountId = hashAccount ?? accounts.data?.data[0]?.id;
  const go = (nextReport: string, account = accountId) => {
    location.hash = `#/books/${nextReport}${nextReport === 'ledger' && account ? `/${account}` : ''}`;
  };
  const date = (set: (value: string) => void) => (e: Event) => set((e.target as HTMLInputElement).value);
  return html`<div class="filters" role="group" aria-label="Report and date">
      <label>Report <select id="books-report" value=${report} onChange=${(e: Event) => go((e.target as HTMLSelectElement).value)}>
        ${REPORTS.map((r) => html`<option value=${r.id}>${r.title}</option>`)}
      </select></label>
      ${report === 'profit-loss' && html`<label>From <input id="books-from" type="date" value=${from} onChange=${date(setFrom)} /></label>`}
      <label>${report === 'profit-loss' ? 'To' : 'As of'} <input id="books-as-of" type="date" value=${asOf} onChange=${date(setAsOf)} /></label>
      ${
        report === 'ledger' &&
        html`<label>Account <select id="books-account" value=${accountId} onChange=${(e: Event) => go('ledger', (e.target as HTMLSelectElement).value)}>
        ${(accounts.data?.data ?? []).map((a) => html`<option value=${a.id}>${a.accountNumber} ${a.name}</option>`)}
      </select></label>`
      }
      <span class="muted">${asOf ? '' : 'Empty date: today by the mock clock.'}</span>
    </div>
    ${report === 'trial-balance' && html`<${TrialBalance} companyId=${companyId} asOf=${asOf} />`}
    ${report === 'journal' && html`<${JournalEntries} companyId=${companyId} asOf=${asOf} />`}
    ${report === 'ledger' && accountId && html`<${LedgerOfAccount} companyId=${companyId} accountId=${accountId} asOf=${asOf} />`}
    ${(report === 'balance-sheet' || report === 'profit-loss') && html`<${Statement} companyId=${companyId} kind=${report} from=${from} asOf=${asOf} today=${today} />`}`;
}
