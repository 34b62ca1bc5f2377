// The example browser app: one page serves both the start and the callback (`/callback`) of the
// sign-in. Bundled for the browser (test/browser/app-server.ts uses esbuild); `config.json` comes from
// whoever serves it: the auth and API addresses, the public client id and the company.
import { completeSignIn, signIn, type AppConfig } from '../oauth-browser.js';

const element = (id: string) => document.getElementById(id)!;

async function start(): Promise<void> {
  const config = (await (await fetch('/config.json')).json()) as AppConfig;
  if (location.pathname === '/callback') {
    element('status').textContent = 'Completing sign-in...';
    try {
      const company = await completeSignIn(config, sessionStorage, location.href);
      // The code is spent: take it out of the address bar and the history.
      history.replaceState(null, '', '/');
      element('company').textContent = company.name;
      element('status').textContent = 'Signed in';
    } catch (error) {
      element('status').textContent = `Sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    return;
  }
  element('sign-in').addEventListener('click', () => {
    void signIn(config, sessionStorage, (url) => location.assign(url));
  });
  element('status').textContent = 'Ready';
}

void start();
