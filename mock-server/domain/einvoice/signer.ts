import type { CompanyContext } from '../../store/context.js';
import type { Store } from '../../store/index.js';
import { createSandboxCertificate, type SandboxCertificate } from './certificate.js';

// One sandbox certificate per mock service (spec document 3, `digitalSignature`). Web Crypto is async and
// handlers are sync: the service starts it when it is created and its request path awaits it once.

const certificates = new WeakMap<Store, SandboxCertificate>();
const pending = new WeakMap<Store, Promise<void>>();
const failures = new WeakMap<Store, string>();

/** Makes the store's sandbox certificate (once); the service's request path awaits the promise. */
export function prepareSandboxSigner(store: Store): Promise<void> {
  let ready = pending.get(store);
  if (!ready) {
    // Never rejects: without Web Crypto (a browser page over plain http) the mock still answers; creating an e-invoice says why it cannot.
    ready = createSandboxCertificate(store.clock.nowMs()).then(
      (certificate) => void certificates.set(store, certificate),
      (error: unknown) => void failures.set(store, error instanceof Error ? error.message : String(error)),
    );
    pending.set(store, ready);
  }
  return ready;
}

/** The certificate of the store's service; an error when it is not made yet (a router called around the service). */
export function sandboxCertificate(store: Store): SandboxCertificate {
  const certificate = certificates.get(store);
  if (certificate) return certificate;
  const failure = failures.get(store);
  throw new Error(
    failure
      ? `The sandbox signing certificate could not be made with Web Crypto: ${failure}`
      : 'The sandbox signing certificate is not ready: await prepareSandboxSigner(store) first.',
  );
}

/** `digitalSignature` of an e-invoice: RSA-SHA256 and the sandbox certificate, said so (`sandbox: true`). */
export function sandboxSignature(ctx: CompanyContext, timestamp: string) {
  return { algorithm: 'RSA-SHA256', certificate: sandboxCertificate(ctx.store).pem, timestamp, sandbox: true };
}
