import { useState } from 'preact/hooks';
import { control, queryOf } from './api.js';
import { ErrorLine, Json, useAction, useLoad } from './hooks.js';
import { html } from './html.js';
import type { JournalEntry } from '../../kernel/journal.js';

const METHODS = ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** New entries appear without reload: the newest page again every second (MOCK-37). */
const POLL_MS = 1000;

const statusClass = (status: number | null) => (status === null ? 'bad' : status >= 400 ? 'bad' : 'ok');

function Entry({ entry }: { entry: JournalEntry }) {
  return html`<li class="entry" data-sequence=${entry.sequence}>
    <details>
      <summary>
        <span class="method">${entry.method}</span> <span class="path">${entry.path}</span>
        <span class=${`status ${statusClass(entry.status)}`}>${entry.status ?? 'dropped'}</span>
        <span class="muted">${entry.at} · ${entry.durationMs.toFixed(1)} ms</span>
      </summary>
      <p>Request <code>${entry.requestId}</code>${entry.route ? html`, route <code>${entry.route}</code>` : ''}${entry.credential ? `, by ${entry.credential.name} (${entry.credential.kind})` : ''}${entry.companyId ? html`, company <code>${entry.companyId}</code>` : ''}</p>
      ${entry.changes.length > 0 && html`<p>Changed: ${entry.changes.map((c) => `${c.table} ${c.id} ${c.op}`).join(', ')}</p>`}
      ${entry.events.length > 0 && html`<p>Events: ${entry.events.map((e) => e.event).join(', ')}</p>`}
      <h4>Request (secrets masked)</h4>
      <${Json} value=${{ query: entry.query, headers: entry.request.headers, body: entry.request.body }} label="Request" />
      <h4>Answer</h4>
      <${Json} value=${{ headers: entry.response.headers, body: entry.response.body }} label="Answer" />
    </details>
  </li>`;
}

/** View 2: the request journal, newest first, live, filterable by method, path and status. */
export function JournalView() {
  const [filter, setFilter] = useState({ method: '', path: '', status: '' });
  const [live, setLive] = useState(true);
  const journal = useLoad(
    () => control<JournalEntry[]>(`/requests${queryOf({ ...filter, limit: 100 })}`),
    [filter.method, filter.path, filter.status, live],
    live ? POLL_MS : undefined,
  );
  const clear = useAction(journal.reload);
  const field = (name: keyof typeof filter) => (e: Event) => setFilter({ ...filter, [name]: (e.target as HTMLInputElement).value });
  const entries = journal.data?.data ?? [];
  return html`<section aria-labelledby="journal-title">
    <h2 id="journal-title">Request journal</h2>
    <form class="filters" onSubmit=${(e: Event) => e.preventDefault()} aria-label="Journal filters">
      <label>Method <select id="journal-method" value=${filter.method} onChange=${field('method')}>
        ${METHODS.map((m) => html`<option value=${m}>${m || 'any'}</option>`)}
      </select></label>
      <label>Path <input id="journal-path" value=${filter.path} placeholder="/v1/invoices/{id}/send" onChange=${field('path')} /></label>
      <label>Status <input id="journal-status" value=${filter.status} placeholder="201 or 4xx" size="6" onChange=${field('status')} /></label>
      <label class="check"><input type="checkbox" checked=${live} onChange=${(e: Event) => setLive((e.target as HTMLInputElement).checked)} /> Live</label>
      <button type="button" onClick=${() => clear.run(() => control('/requests', { method: 'DELETE' }))}>Clear the journal</button>
    </form>
    <p class="muted" role="status">${journal.data ? `${journal.data.pagination?.total ?? entries.length} matching; the newest ${entries.length} shown` : 'Loading...'}</p>
    <${ErrorLine} error=${journal.error ?? clear.error} />
    <ol class="journal" aria-label="Requests, newest first">
      ${entries.map((entry) => html`<${Entry} key=${entry.sequence} entry=${entry} />`)}
    </ol>
  </section>`;
}
