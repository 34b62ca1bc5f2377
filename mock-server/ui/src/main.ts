import { render } from 'preact';
import { App } from './app.js';
import { html } from './html.js';

// The dashboard's entry (MOCK-37): scripts/ui-bundle.mjs bundles it with Preact and htm into ../bundle.ts.
render(html`<${App} />`, document.getElementById('app')!);
