import type { CompanyContext } from '../../store/context.js';

/** PLACEHOLDER (replaced by the documents slice): the sandbox signing certificate. */
export function sandboxSignature(_ctx: CompanyContext, timestamp: string) {
  return { algorithm: 'RSA-SHA256', certificate: '', timestamp, sandbox: true };
}
