import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { browserIt, launchChromium, MISSING, REQUIRED, warnWhenMissing } from './chromium.js';
import { startMockServer, type RunningMockServer } from '../../mock-server/node.js';
import { grants } from '../../mock-server/domain/oauth/index.js';
import { startBrowserApp, type RunningApp } from './app-server.js';

warnWhenMissing('test/browser/oauth-pkce.test.ts');
/** A test that is skipped, with the reason in vitest's report, when Chromium is missing and not required. */
const it = browserIt;

describe('sign-in with PKCE in a real browser (headless Chromium)', () => {
  let mock: RunningMockServer;
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    if (MISSING && !REQUIRED) return; // each test skips itself, with the reason
    mock = await startMockServer({ port: 0 });
    const { publicClient } = mock.credentials.oauth!;
    // The public client has http://127.0.0.1:5173/callback registered; loopback IP redirects match any port (RFC 8252 §7.3).
    app = await startBrowserApp((origin) => ({
      authUrl: mock.credentials.authUrl,
      baseUrl: mock.credentials.baseUrl,
      clientId: publicClient.clientId,
      redirectUri: `${origin}/callback`,
      companyId: mock.credentials.companyId,
    }));
    browser = (await launchChromium())!;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await mock?.close();
  });

  it('signs in at the mock, comes back to /callback, exchanges the code from the page and reads the company', async () => {
    const page = await browser.newPage();
    const visited: string[] = [];
    const tokenRequests: { body: string | null }[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(request.url());
      if (request.url().endsWith('/oauth/token') && request.method() === 'POST') tokenRequests.push({ body: request.postData() });
    });

    await page.goto(app.origin);
    await page.locator('#status', { hasText: 'Ready' }).waitFor();
    await page.click('#sign-in');
    await page.locator('#status', { hasText: 'Signed in' }).waitFor({ timeout: 15_000 });

    expect(await page.textContent('#company')).toBe('Tanjung Trading Sdn Bhd');
    // The browser really went to the authorization server and came back with a code and state.
    expect(visited.some((url) => url.startsWith(`${mock.origin}/oauth/authorize?`))).toBe(true);
    const callback = new URL(visited.find((url) => url.startsWith(`${app.origin}/callback?`))!);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(mock.credentials.authUrl);
    // Then it took the spent code out of the address bar and kept no pending sign-in.
    expect(page.url()).toBe(`${app.origin}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('acs.pendingSignIn'))).toBeNull();
    // A public client: one token request, with the PKCE verifier and no secret.
    expect(tokenRequests).toHaveLength(1);
    const sent = JSON.parse(tokenRequests[0].body!) as Record<string, string>;
    expect(sent).toMatchObject({ grant_type: 'authorization_code', client_id: mock.credentials.oauth!.publicClient.clientId });
    expect(sent.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent).not.toHaveProperty('client_secret');
    expect([...grants(mock.mock.store).values()].map((g) => g.clientId)).toEqual([mock.credentials.oauth!.publicClient.clientId]);
    await page.close();
  });

  it('refuses a forged callback in the page: no token request is sent', async () => {
    const page = await browser.newPage();
    let tokenRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/oauth/token')) tokenRequests++;
    });
    await page.goto(`${app.origin}/callback?code=stolen&state=forged&iss=${encodeURIComponent(mock.credentials.authUrl)}`);
    await page.locator('#status', { hasText: 'Sign-in failed' }).waitFor();
    expect(await page.textContent('#status')).toMatch(/state/);
    expect(tokenRequests).toBe(0);
    await page.close();
  });
});
