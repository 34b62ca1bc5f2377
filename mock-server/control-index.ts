/** The index of the `/__mock` controls (`GET /__mock`), made from the table of controls so it cannot drift from it. */

/** One control as the index lists it. */
export interface ControlIndexEntry {
  method: string;
  path: string;
  does: string;
}

/** The index of a table of controls keyed `METHOD path`, in the table's order. */
export function controlIndex(controls: Record<string, { does: string }>): ControlIndexEntry[] {
  return Object.entries(controls).map(([route, { does }]) => {
    const space = route.indexOf(' ');
    return { method: route.slice(0, space), path: route.slice(space + 1), does };
  });
}

/** The index as a page for a browser: one row per control. */
export function controlIndexPage(entries: readonly ControlIndexEntry[]): string {
  const rows = entries.map(
    (e) => `<tr><td>${escapeHtml(e.method)}</td><td><code>${escapeHtml(e.path)}</code></td><td>${escapeHtml(e.does)}</td></tr>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>acs-mock controls</title></head><body>',
    '<h1>acs-mock controls</h1>',
    '<p><a href="/__mock/ui/">The dashboard</a>: the companies, the clock, the request journal, the outbox and the webhooks in a page.</p>',
    '<p>JSON bodies; each answer is in the API&#39;s envelope. <code>Accept: application/json</code> gives this list as JSON.</p>',
    '<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table></body></html>',
  ].join('\n');
}

/** Whether `Accept` ranks text/html above JSON (a browser's address bar does; curl's `*∕*` does not). */
export function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  return weightOf(accept, 'text/html') > weightOf(accept, 'application/json');
}

/** The `q` the most specific range of `accept` matching `type` gives it (RFC 9110 §12.5.1); 0 when none does. */
function weightOf(accept: string, type: string): number {
  let best = 0;
  let specificity = -1;
  for (const part of accept.split(',').slice(0, 50)) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    const rank = range === type ? 2 : range === `${type.split('/')[0]}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (rank > specificity && Number.isFinite(q)) {
      specificity = rank;
      best = q;
    }
  }
  return best;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
