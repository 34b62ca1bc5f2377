import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { AppConfig } from '../../examples/oauth-browser.js';

const root = new URL('../../', import.meta.url);
const appDir = new URL('examples/browser-app/', root);

export interface RunningApp {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Bundles examples/browser-app/main.ts for the browser (esbuild; `acs-sdk` and `acs-sdk/oauth` resolve
 * to the sources through tsconfig's paths) and serves the app on 127.0.0.1: `/` and `/callback` are
 * its page, `/main.js` the bundle, `/config.json` what `config(origin)` returns.
 */
export async function startBrowserApp(config: (origin: string) => Omit<AppConfig, 'fetch'>): Promise<RunningApp> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('main.ts', appDir))],
    tsconfig: fileURLToPath(new URL('tsconfig.json', root)),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // main() of the example loads the mock in Node only; the browser never runs it.
    external: ['acs-mock'],
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0].text;
  const page = await readFile(new URL('index.html', appDir), 'utf8');

  let origin = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (path === '/' || path === '/callback') return send(200, 'text/html; charset=utf-8', page);
    if (path === '/main.js') return send(200, 'text/javascript; charset=utf-8', script);
    if (path === '/config.json') return send(200, 'application/json', JSON.stringify(config(origin)));
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
