import { useState } from 'preact/hooks';
import { control } from './api.js';
import { ErrorLine, Json, useAction, useLoad } from './hooks.js';
import { html } from './html.js';

/** The fields of the fault form, as text until sent. */
const EMPTY = { status: '503', network: false, times: '1', method: '', path: '' };

/** Request faults (`/__mock/faults`): arm one by status or network failure, count, method and path; clear them. */
function RequestFaults() {
  const faults = useLoad(() => control<unknown[]>('/faults').then((r) => r.data), [], 2000);
  const action = useAction(faults.reload);
  const [form, setForm] = useState(EMPTY);
  const set = (name: keyof typeof EMPTY) => (e: Event) => {
    const input = e.target as HTMLInputElement;
    setForm({ ...form, [name]: input.type === 'checkbox' ? input.checked : input.value });
  };
  const arm = (e: Event) => {
    e.preventDefault();
    const body = {
      ...(form.network ? { error: 'network' } : { status: Number(form.status) }),
      times: form.times === '' ? null : Number(form.times),
      ...(form.method ? { method: form.method } : {}),
      ...(form.path ? { path: form.path } : {}),
    };
    void action.run(() => control('/faults', { method: 'POST', body }));
  };
  return html`<section aria-labelledby="faults-title">
    <h2 id="faults-title">Request faults</h2>
    <form class="filters" onSubmit=${arm} aria-label="Arm a request fault">
      <label>Status <input id="fault-status" type="number" min="400" max="599" size="4" value=${form.status} disabled=${form.network} onInput=${set('status')} /></label>
      <label class="check"><input id="fault-network" type="checkbox" checked=${form.network} onChange=${set('network')} /> Network failure instead</label>
      <label>Times <input id="fault-times" type="number" min="1" size="4" value=${form.times} placeholder="until cleared" onInput=${set('times')} /></label>
      <label>Method <input id="fault-method" size="6" value=${form.method} placeholder="any" onInput=${set('method')} /></label>
      <label>Path <input id="fault-path" value=${form.path} placeholder="/invoices/{invoiceId} or /v1/**" onInput=${set('path')} /></label>
      <button type="submit" disabled=${action.busy}>Arm the fault</button>
      <button type="button" class="secondary" onClick=${() => action.run(() => control('/faults', { method: 'DELETE' }))}>Clear all faults</button>
    </form>
    <${ErrorLine} error=${action.error ?? faults.error} />
    <p class="muted" role="status">${faults.data ? `${faults.data.length} armed` : ''}</p>
    ${faults.data && faults.data.length > 0 && html`<${Json} value=${faults.data} label="Armed faults" />`}
  </section>`;
}

interface Snapshot {
  name: string;
  at: string;
}

/** Reset to the seed, and the named snapshots: take, restore, forget. */
function ResetAndSnapshots() {
  const snapshots = useLoad(() => control<Snapshot[]>('/snapshots').then((r) => r.data), []);
  const action = useAction(snapshots.reload);
  const [name, setName] = useState('');
  const [done, setDone] = useState('');
  const run = (what: string, act: () => Promise<unknown>) => action.run(() => act().then(() => setDone(what)));
  const take = (e: Event) => {
    e.preventDefault();
    void run(`Snapshot ${name} taken`, () => control('/snapshots', { method: 'POST', body: { name } }));
  };
  return html`<section aria-labelledby="state-title">
    <h2 id="state-title">Reset and snapshots</h2>
    <div class="row">
      <button type="button" onClick=${() => run('Back to the seed', () => control('/reset', { method: 'POST' }))}>Reset to the seed</button>
    </div>
    <form class="row" onSubmit=${take}>
      <label for="snapshot-name">Snapshot name</label>
      <input id="snapshot-name" value=${name} required pattern="[A-Za-z0-9._\\-]{1,64}" onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)} />
      <button type="submit" disabled=${action.busy}>Take a snapshot</button>
    </form>
    <p role="status">${done}</p>
    <${ErrorLine} error=${action.error ?? snapshots.error} />
    <ul class="list">
      ${(snapshots.data ?? []).map(
        (s) => html`<li class="item row" key=${s.name}>
          <span><strong>${s.name}</strong> <span class="muted">at ${s.at}</span></span>
          <button type="button" onClick=${() => run(`Restored ${s.name}`, () => control(`/snapshots/${encodeURIComponent(s.name)}/restore`, { method: 'POST' }))}>Restore ${s.name}</button>
          <button type="button" class="secondary" onClick=${() => run(`Forgot ${s.name}`, () => control(`/snapshots/${encodeURIComponent(s.name)}`, { method: 'DELETE' }))}>Delete ${s.name}</button>
        </li>`,
      )}
    </ul>
  </section>`;
}

/** View 5: faults, reset and snapshots. */
export const FaultsView = ({ companyId }: { companyId: string }) =>
  html`<${RequestFaults} /><${ResetAndSnapshots} /><${ExportFixture} companyId=${companyId} />`;

/** The company's state as a fixture file `acs-mock --fixture` loads (`GET /__mock/export`, MOCK-34), to download. */
function ExportFixture({ companyId }: { companyId: string }) {
  const [url, setUrl] = useState<string | undefined>(undefined);
  const action = useAction();
  const make = () =>
    action.run(async () => {
      const fixture = (await control(`/export?company=${encodeURIComponent(companyId)}`)).data;
      setUrl(URL.createObjectURL(new Blob([`${JSON.stringify(fixture, null, 2)}\n`], { type: 'application/json' })));
    });
  return html`<section aria-labelledby="export-title">
    <h2 id="export-title">Export</h2>
    <div class="row">
      <button type="button" class="secondary" disabled=${action.busy} onClick=${make}>Export this company as a fixture</button>
      ${url && html`<a href=${url} download=${`${companyId}.fixture.json`}>Download ${companyId}.fixture.json</a>`}
    </div>
    <${ErrorLine} error=${action.error} />
  </section>`;
}
