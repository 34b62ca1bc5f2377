import { useState } from 'preact/hooks';
import { control, controlFile } from './api.js';
import { ErrorLine, useAction, useLoad } from './hooks.js';
import { html } from './html.js';
import type { OutboxMessage as StoredMessage } from '../../domain/shared/outbox.js';

/** A message of `GET /__mock/outbox`: the mock's own record, its attachments without their bytes. */
type OutboxMessage = Omit<StoredMessage, 'attachments'> & { attachments?: { filename: string; contentType: string }[] };

/** The PDF of a message (`GET /__mock/outbox/{id}/pdf`, MOCK-38), read with the control token and shown in a frame. */
function Pdf({ message }: { message: OutboxMessage }) {
  const [url, setUrl] = useState<string | undefined>(undefined);
  const action = useAction();
  const open = () =>
    action.run(async () => {
      setUrl(URL.createObjectURL(await controlFile(`/outbox/${message.id}/pdf`)));
    });
  if (!message.attachPDF && !message.attachments?.length) return html`<p class="muted">No attachment.</p>`;
  return html`<div>
    ${
      url
        ? html`<p><a href=${url} target="_blank" rel="noopener">Open the PDF in a new tab</a></p>
          <iframe src=${url} title=${`PDF attached to ${message.subject}`}></iframe>`
        : html`<button type="button" class="secondary" disabled=${action.busy} onClick=${open}>View the PDF</button>`
    }
    <${ErrorLine} error=${action.error} />
  </div>`;
}

/** One message as its recipient reads it. */
function Email({ message }: { message: OutboxMessage }) {
  return html`<article class="email" aria-labelledby=${`msg-${message.id}`} data-document=${message.documentId}>
    <h3 id=${`msg-${message.id}`}>${message.subject}</h3>
    <dl>
      <dt>To</dt>
      <dd>${message.to.join(', ')}</dd>
      ${message.cc.length > 0 && html`<dt>Cc</dt><dd>${message.cc.join(', ')}</dd>`}
      <dt>Sent</dt>
      <dd>${message.sentAt}</dd>
      <dt>Document</dt>
      <dd>${message.kind} <code>${message.documentId}</code></dd>
    </dl>
    <p class="body">${message.message}</p>
    <${Pdf} message=${message} />
  </article>`;
}

/** View 3: every message the mock "sent", newest first, for the chosen company. */
export function OutboxView({ companyId }: { companyId: string }) {
  const outbox = useLoad(() => control<OutboxMessage[]>('/outbox').then((r) => r.data), [], 3000);
  const messages = (outbox.data ?? []).filter((m) => m.companyId === companyId).reverse();
  return html`<section aria-labelledby="outbox-title">
    <h2 id="outbox-title">Outbox</h2>
    <p class="muted">Recorded, never delivered: ${messages.length} message${messages.length === 1 ? '' : 's'} of this company.</p>
    <${ErrorLine} error=${outbox.error} />
    ${messages.map((m) => html`<${Email} key=${m.id} message=${m} />`)}
  </section>`;
}
