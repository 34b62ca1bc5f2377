import { useEffect, useState } from 'preact/hooks';
import { loadCredentials, type Credentials } from './api.js';
import { BooksView } from './books.js';
import { CompaniesView } from './companies.js';
import { ErrorLine, useHashPath, useLoad } from './hooks.js';
import { html } from './html.js';
import { DocumentsView } from './documents.js';
import { FaultsView } from './faults.js';
import { JournalView } from './journal.js';
import { OutboxView } from './outbox.js';
import { WebhooksView } from './webhooks.js';

/** What a view is given: the credentials and the company the page reads for. */
export interface ViewProps {
  credentials: Credentials;
  companyId: string;
}

/** The views, in the order of the navigation; the hash (`#/journal`) names the one shown. */
const VIEWS: { id: string; title: string; view: (props: ViewProps) => unknown }[] = [
  { id: 'companies', title: 'Companies & clock', view: CompaniesView },
  { id: 'journal', title: 'Requests', view: JournalView },
  { id: 'outbox', title: 'Outbox', view: OutboxView },
  { id: 'webhooks', title: 'Webhooks', view: WebhooksView },
  { id: 'faults', title: 'Faults & state', view: FaultsView },
  { id: 'books', title: 'Books', view: BooksView },
  { id: 'documents', title: 'Documents', view: DocumentsView },
];

/** The page: a header with the company picker, the navigation and the view of the hash. */
export function App() {
  const credentials = useLoad(loadCredentials, []);
  const [viewId] = useHashPath();
  const view = VIEWS.find((v) => v.id === viewId) ?? VIEWS[0];
  const [companyId, setCompanyId] = useState<string | undefined>(undefined);
  useEffect(() => {
    document.title = `${view.title} · acs-mock dashboard`;
  }, [view]);
  const c = credentials.data;
  const company = companyId ?? c?.companyId;
  return html`<a class="skip" href="#main">Skip to the view</a>
    <header class="top">
      <p class="brand">acs-mock <span class="muted">sandbox dashboard</span></p>
      ${
        c &&
        html`<label class="company">Company
        <select id="company" value=${company} onChange=${(e: Event) => setCompanyId((e.target as HTMLSelectElement).value)}>
          ${c.companies.map((co) => html`<option value=${co.id}>${co.name}</option>`)}
        </select>
      </label>`
      }
    </header>
    <nav aria-label="Views">
      <ul>
        ${VIEWS.map((v) => html`<li><a href=${`#/${v.id}`} aria-current=${v === view ? 'page' : undefined}>${v.title}</a></li>`)}
      </ul>
    </nav>
    <main id="main" tabindex="-1">
      <h1>${view.title}</h1>
      <${ErrorLine} error=${credentials.error} />
      ${c && company ? html`<${view.view} key=${`${view.id} ${company}`} credentials=${c} companyId=${company} />` : html`<p>Loading...</p>`}
    </main>
    <footer><p class="muted">Reads only the public API and the <a href="/__mock">/__mock controls</a>.</p></footer>`;
}
