import { useState } from 'preact/hooks';
import { control, type Credentials } from './api.js';
import { ErrorLine, useAction, useLoad } from './hooks.js';
import { html } from './html.js';

/** The three variables the SDK reads (src/core/options.ts), for one company's key. */
export const envText = (c: Credentials, company: { id: string; apiKey: string }) =>
  `ACS_BASE_URL=${c.baseUrl}\nACS_API_KEY=${company.apiKey}\nACS_COMPANY_ID=${company.id}\n`;

/** A `.env` block with a copy button; the text stays selectable where the clipboard is refused. */
function EnvBlock({ text, name }: { text: string; name: string }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied');
    } catch {
      setCopied('The browser refused the clipboard: select the text');
    }
  };
  return html`<div class="env">
    <pre tabindex="0" aria-label=${`.env of ${name}`}>${text}</pre>
    <button type="button" onClick=${copy}>Copy as .env</button>
    <span role="status">${copied}</span>
  </div>`;
}

/** View 1: every company with its key, the read-only key, and the clock. */
export function CompaniesView({ credentials }: { credentials: Credentials }) {
  const c = credentials;
  return html`<section aria-labelledby="companies-title">
      <h2 id="companies-title">Companies and keys</h2>
      <p>Base URL <code>${c.baseUrl}</code>; the primary test key acts on every company, the others on their own.</p>
      <ul class="cards">
        ${c.companies.map(
          (co) => html`<li key=${co.id} class="card">
            <h3>${co.name}</h3>
            <dl>
              <dt>Company id</dt>
              <dd><code>${co.id}</code></dd>
              <dt>Test key</dt>
              <dd><code>${co.apiKey}</code></dd>
            </dl>
            <${EnvBlock} text=${envText(c, co)} name=${co.name} />
          </li>`,
        )}
      </ul>
      <p>Primary test key <code>${c.apiKey}</code>; read-only key <code>${c.readOnlyApiKey}</code>.</p>
      <${EnvBlock} text=${envText(c, { id: c.companyId, apiKey: c.apiKey })} name="the primary key" />
    </section>
    <${ClockPanel} />`;
}

/** One month later on the calendar, in UTC (31 Jan + 1 month is 3 March, as Date counts). */
const monthLater = (iso: string) => {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
};

/** The mock clock with +1 day, +1 month and a field to set it (`/__mock/clock/...`). */
export function ClockPanel() {
  const clock = useLoad(() => control<{ now: string }>('/clock').then((r) => r.data.now), [], 5000);
  const action = useAction(clock.reload);
  const [value, setValue] = useState('');
  const now = clock.data;
  const set = (e: Event) => {
    e.preventDefault();
    void action.run(() => control('/clock/set', { method: 'POST', body: { now: value } }));
  };
  return html`<section aria-labelledby="clock-title">
    <h2 id="clock-title">Clock</h2>
    <p>Mock time <output id="clock-now" aria-live="polite">${now ?? '...'}</output></p>
    <div class="row">
      <button type="button" disabled=${action.busy} onClick=${() => action.run(() => control('/clock/advance', { method: 'POST', body: { days: 1 } }))}>+1 day</button>
      <button type="button" disabled=${action.busy || !now} onClick=${() => action.run(() => control('/clock/set', { method: 'POST', body: { now: monthLater(now!) } }))}>+1 month</button>
    </div>
    <form class="row" onSubmit=${set}>
      <label for="clock-set">Set to (ISO datetime)</label>
      <input id="clock-set" value=${value} placeholder=${now ?? '2026-01-31T09:00:00Z'} onInput=${(e: Event) => setValue((e.target as HTMLInputElement).value)} />
      <button type="submit" disabled=${action.busy}>Set the clock</button>
    </form>
    <${ErrorLine} error=${action.error ?? clock.error} />
  </section>`;
}
