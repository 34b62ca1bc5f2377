import { useState } from 'preact/hooks';
import { api } from './api.js';
import { ErrorLine, Json, useAction, useHashPath, useLoad } from './hooks.js';
import { html } from './html.js';

/** The documents by module, each read through its public list and retrieve endpoints. */
const MODULES = [
  { id: 'invoices', title: 'Invoices', path: '/invoices' },
  { id: 'credit-notes', title: 'Credit notes', path: '/credit-notes' },
  { id: 'quotes', title: 'Quotes', path: '/quotes' },
  { id: 'sales-orders', title: 'Sales orders', path: '/sales-orders' },
  { id: 'bills', title: 'Bills', path: '/bills' },
  { id: 'purchase-orders', title: 'Purchase orders', path: '/purchase-orders' },
  { id: 'stock-adjustments', title: 'Stock adjustments', path: '/inventory/adjustments' },
  { id: 'transfers', title: 'Stock transfers', path: '/inventory/transfers' },
  { id: 'einvoices', title: 'E-invoices', path: '/einvoice' },
];

type Row = Record<string, unknown> & { id: string };

/** The first field whose name ends with `suffix` or is it (`invoiceNumber`, `poNumber`; `invoiceDate`, `date`). */
const fieldEnding = (row: Row, suffix: string) => {
  const key = Object.keys(row).find((k) => (k.endsWith(suffix) || k === suffix.toLowerCase()) && typeof row[k] === 'string');
  return key ? String(row[key]) : '';
};
const partyOf = (row: Row) => ((row.customer ?? row.supplier ?? row.buyer) as { name?: string } | undefined)?.name ?? '';

function DocumentRow({ row, path, companyId }: { row: Row; path: string; companyId: string }) {
  const [detail, setDetail] = useState<unknown>(undefined);
  const action = useAction();
  const number = fieldEnding(row, 'Number') || row.id;
  // An invoice's payments have no list of their own (spec document 2): its detail reads them beside it.
  const load = async () => {
    const record = (await api<Row>(`${path}/${row.id}`, companyId)).data;
    return path === '/invoices' ? { ...record, payments: (await api(`${path}/${row.id}/payments`, companyId)).data } : record;
  };
  const toggle = () => (detail === undefined ? action.run(async () => setDetail(await load())) : setDetail(undefined));
  const overdue = typeof row.overdueBy === 'number' && row.overdueBy > 0 ? ` (${row.overdueBy} days)` : '';
  return html`<tr data-id=${row.id}>
      <th scope="row">${number}</th>
      <td data-label="Party">${partyOf(row)}</td>
      <td data-label="Date">${fieldEnding(row, 'Date')}</td>
      <td data-label="State" class="status-cell">${String(row.status ?? '')}${overdue}</td>
      <td data-label="Total" class="num">${typeof row.total === 'number' ? row.total.toFixed(2) : ''}</td>
      <td><button type="button" class="secondary" aria-expanded=${detail !== undefined ? 'true' : 'false'} onClick=${toggle}>Details<span class="sr-only"> of ${number}</span></button></td>
    </tr>
    ${(detail !== undefined || action.error) && html`<tr><td colspan="6"><${ErrorLine} error=${action.error} />${detail !== undefined && html`<${Json} value=${detail} label=${`Details of ${number}`} />`}</td></tr>`}`;
}

/** The document a link named (`#/documents/invoices/inv_...`, from a journal entry): its whole record. */
function LinkedDocument({ path, id, companyId }: { path: string; id: string; companyId: string }) {
  const record = useLoad(() => api<Row>(`${path}/${id}`, companyId), []);
  const number = record.data ? fieldEnding(record.data.data, 'Number') || id : id;
  return html`<section aria-labelledby="linked-title" class="card">
    <h3 id="linked-title">${number}</h3>
    <${ErrorLine} error=${record.error} />
    ${record.data && html`<${Json} value=${record.data.data} label=${`Record of ${number}`} />`}
  </section>`;
}

/** View 7: documents by module with their state, each opening to its detail. */
export function DocumentsView({ companyId }: { companyId: string }) {
  const [, hashModule, hashId] = useHashPath();
  const module = MODULES.find((m) => m.id === hashModule) ?? MODULES[0];
  const moduleId = module.id;
  const setModuleId = (id: string) => {
    location.hash = `#/documents/${id}`;
  };
  const list = useLoad(() => api<Row[]>(`${module.path}?limit=50`, companyId), [moduleId]);
  const rows = list.data?.data ?? [];
  return html`<section aria-labelledby="documents-title">
    <h2 id="documents-title">${module.title}</h2>
    <div class="row">
      <label>Module <select id="documents-module" value=${moduleId} onChange=${(e: Event) => setModuleId((e.target as HTMLSelectElement).value)}>
        ${MODULES.map((m) => html`<option value=${m.id}>${m.title}</option>`)}
      </select></label>
      <button type="button" class="secondary" onClick=${list.reload}>Refresh</button>
    </div>
    ${hashId && html`<${LinkedDocument} key=${hashId} path=${module.path} id=${hashId} companyId=${companyId} />`}
    <${ErrorLine} error=${list.error} />
    <p class="muted" role="status">${list.data ? `${list.data.pagination?.total ?? rows.length} in all; the first ${rows.length} shown` : 'Loading...'}</p>
    <div class="table-wrap"><table class="stack">
      <thead><tr><th scope="col">Number</th><th scope="col">Party</th><th scope="col">Date</th><th scope="col">State</th><th scope="col" class="num">Total</th><th scope="col"><span class="muted">Detail</span></th></tr></thead>
      <tbody>${rows.map((row) => html`<${DocumentRow} key=${row.id} row=${row} path=${module.path} companyId=${companyId} />`)}</tbody>
    </table></div>
  </section>`;
}
