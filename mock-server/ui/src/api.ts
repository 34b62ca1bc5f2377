// What the dashboard reads: the /__mock controls and the public API, nothing else (MOCK-37).

/** The control token of a non-loopback host, given to the page as `?token=` (the banner's link carries it). */
const token = new URLSearchParams(location.search).get('token');

/** A failed call: the error envelope's message (spec document 1, "Error envelope"). */
export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Envelope<T> {
  data: T;
  pagination?: { hasMore: boolean; nextCursor: string | null; total?: number };
}

interface CallInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call<T>(url: string, init: CallInit): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : {};
  if (!response.ok) throw new CallError(json.error?.message ?? `${response.status} ${response.statusText}`, response.status);
  return json as Envelope<T>;
}

const controlHeaders = (): Record<string, string> => (token ? { 'X-Mock-Control-Token': token } : {});

/** A `/__mock` control: `control('/clock')`. */
export const control = <T>(path: string, init: CallInit = {}) =>
  call<T>(`/__mock${path}`, { ...init, headers: { ...controlHeaders(), ...init.headers } });

/** A control's file (a sent message's PDF) as a blob, with the token the control needs. */
export async function controlFile(path: string): Promise<Blob> {
  const response = await fetch(`/__mock${path}`, { headers: controlHeaders() });
  if (!response.ok) throw new CallError(`${response.status} ${response.statusText}`, response.status);
  return response.blob();
}

export interface Company {
  id: string;
  name: string;
  apiKey: string;
}

/** What `GET /__mock/credentials` gives (MOCK-38). */
export interface Credentials {
  baseUrl: string;
  dataBaseUrl: string;
  authUrl: string;
  apiKey: string;
  companyId: string;
  readOnlyApiKey: string;
  companies: Company[];
}

let credentials: Promise<Credentials> | undefined;
/** The demo credentials, read once. */
export const loadCredentials = (): Promise<Credentials> => (credentials ??= control<Credentials>('/credentials').then((r) => r.data));

/**
 * A call of the public API (`/v1/...`) for `companyId`, with the primary test key, as the SDK makes it; at the
 * page's own origin (the host it was opened by, `localhost` or `127.0.0.1`), which its policy allows.
 */
export async function api<T>(path: string, companyId: string, init: CallInit = {}): Promise<Envelope<T>> {
  const c = await loadCredentials();
  const headers = { Authorization: `Bearer ${c.apiKey}`, 'X-Company-Id': companyId, ...init.headers };
  return call<T>(`${location.origin}${new URL(c.baseUrl).pathname}${path}`, { ...init, headers });
}

/** A query string of the values that are set. */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
