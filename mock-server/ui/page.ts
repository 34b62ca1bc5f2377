import { DASHBOARD_CSS, DASHBOARD_JS } from './bundle.js';

/** A script or style body cannot end its own element early (HTML, "Restrictions for contents of script elements"). */
const inert = (text: string, tag: string) => text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

/** The dashboard page (`GET /__mock/ui/`): one HTML answer with its script and styles inline, nothing fetched from elsewhere (MOCK-37). */
export function dashboardPage(): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>acs-mock dashboard</title><link rel="icon" href="data:,">',
    `<style>${inert(DASHBOARD_CSS, 'style')}</style>`,
    '</head><body><div id="app"></div>',
    `<script>${inert(DASHBOARD_JS, 'script')}</script>`,
    '</body></html>',
  ].join('\n');
}

/**
 * The page's policy (MOCK-37): its inline script and styles, calls to its own origin only (no CDN, no other
 * host), PDFs as blobs, and no framing by another page (a click on Reset must be the user's).
 */
export const DASHBOARD_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    // blob: for the PDFs the page reads (a frame shows one; Chromium's viewer is a plugin of it).
    "connect-src 'self' blob:",
    'img-src data: blob:',
    'frame-src blob:',
    'object-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};
