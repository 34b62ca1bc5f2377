import { useState } from 'preact/hooks';
import { control } from './api.js';
import { ErrorLine, Json, useAction, useLoad } from './hooks.js';
import { html } from './html.js';
import type { SentWebhook, WebhookDeliveryAttempt } from '../../events/webhook-delivery.js';

/** An attempt of `GET /__mock/webhooks/deliveries`. */
type Attempt = WebhookDeliveryAttempt;
/** `GET /__mock/webhooks/deliveries/{id}` (MOCK-38). */
type Sent = Pick<SentWebhook, 'payload' | 'headers'>;

/** The attempts grouped by delivery, newest delivery first. */
function deliveriesOf(attempts: Attempt[]): Attempt[][] {
  const byId = new Map<string, Attempt[]>();
  for (const attempt of attempts) byId.set(attempt.id, [...(byId.get(attempt.id) ?? []), attempt]);
  return [...byId.values()].reverse();
}

function Delivery({ attempts, reload }: { attempts: Attempt[]; reload: () => Promise<void> }) {
  const last = attempts[attempts.length - 1];
  const [sent, setSent] = useState<Sent | undefined>(undefined);
  const show = useAction();
  const retry = useAction(reload);
  const load = () => show.run(async () => setSent((await control<Sent>(`/webhooks/deliveries/${last.id}`)).data));
  return html`<li class="item" data-delivery=${last.id}>
    <h3>${last.event} <span class=${last.outcome === 'delivered' ? 'ok' : 'bad'}>${last.outcome.replace('_', ' ')}</span></h3>
    <p class="muted">Delivery <code>${last.id}</code> to <code>${last.url}</code></p>
    <div class="table-wrap"><table>
      <caption class="muted">Attempts</caption>
      <thead><tr><th scope="col">#</th><th scope="col">Sent at</th><th scope="col">Status</th><th scope="col">Next attempt</th></tr></thead>
      <tbody>${attempts.map((a) => html`<tr><td>${a.attempt}</td><td>${a.at}</td><td>${a.status ?? a.error}</td><td>${a.nextAttemptAt ?? ''}</td></tr>`)}</tbody>
    </table></div>
    <div class="row">
      <button type="button" class="secondary" onClick=${load} aria-expanded=${sent ? 'true' : 'false'}>Payload and headers</button>
      ${last.outcome !== 'delivered' && html`<button type="button" disabled=${retry.busy} onClick=${() => retry.run(() => control(`/webhooks/deliveries/${last.id}/retry`, { method: 'POST' }).then(load))}>Retry now</button>`}
    </div>
    <${ErrorLine} error=${show.error ?? retry.error} />
    ${sent && html`<h4>Signature and headers of the last attempt</h4><${Json} value=${sent.headers ?? 'no attempt yet'} label="Headers" /><h4>Payload</h4><${Json} value=${sent.payload} label="Payload" />`}
  </li>`;
}

/** Arms webhook faults: the next deliveries fail with a status or a refused connection. */
function WebhookFaults({ reload }: { reload: () => Promise<void> }) {
  const [times, setTimes] = useState('1');
  const [status, setStatus] = useState('500');
  const action = useAction(reload);
  const arm = (e: Event) => {
    e.preventDefault();
    void action.run(() =>
      control('/webhooks/faults', { method: 'POST', body: { times: Number(times), ...(status ? { status: Number(status) } : {}) } }),
    );
  };
  return html`<form class="row" onSubmit=${arm} aria-label="Webhook faults">
    <label>Fail the next <input type="number" min="1" size="4" value=${times} onInput=${(e: Event) => setTimes((e.target as HTMLInputElement).value)} /> deliveries</label>
    <label>with status <input type="number" min="300" max="599" size="4" value=${status} placeholder="refused" onInput=${(e: Event) => setStatus((e.target as HTMLInputElement).value)} /></label>
    <button type="submit" disabled=${action.busy}>Arm</button>
    <button type="button" class="secondary" onClick=${() => action.run(() => control('/webhooks/faults', { method: 'DELETE' }))}>Disarm all</button>
    <${ErrorLine} error=${action.error} />
  </form>`;
}

/** View 4: webhook deliveries of the chosen company, with their attempts, payload, signature and a retry. */
export function WebhooksView({ companyId }: { companyId: string }) {
  const deliveries = useLoad(() => control<Attempt[]>('/webhooks/deliveries').then((r) => r.data), [], 2000);
  const extra = useLoad(
    () => Promise.all([control<{ remaining: number }[]>('/webhooks/faults'), control<{ connections: number }>('/stream')]),
    [],
    2000,
  );
  const reload = async () => {
    await Promise.all([deliveries.reload(), extra.reload()]);
  };
  const groups = deliveriesOf((deliveries.data ?? []).filter((a) => a.companyId === companyId));
  const [faults, stream] = extra.data ?? [];
  return html`<section aria-labelledby="webhooks-title">
    <h2 id="webhooks-title">Webhook deliveries</h2>
    <p class="muted">${faults ? `${faults.data.length} webhook fault${faults.data.length === 1 ? '' : 's'} armed; ` : ''}${stream ? `${stream.data.connections} open stream connection${stream.data.connections === 1 ? '' : 's'}` : ''}</p>
    <${WebhookFaults} reload=${reload} />
    <${ErrorLine} error=${deliveries.error} />
    <ol class="list" aria-label="Deliveries, newest first">
      ${groups.map((attempts) => html`<${Delivery} key=${attempts[0].id} attempts=${attempts} reload=${reload} />`)}
    </ol>
  </section>`;
}
