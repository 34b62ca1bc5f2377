// Writes api.md: every method of the client by resource, with its signature, its HTTP call and its types,
// from the same plan as the generated resource classes (as openai-node's api.md).
import { planResources, resultTypeOf, type ResourceEndpoint } from './resources.js';

/** Where api.md goes, relative to the repository root. */
export const API_MD = 'api.md';

const HEAD = `# API

Every method of \`AcsClient\`, by resource: its signature, its HTTP call, its types and what it does. Written by
\`npm run generate\` from the contract (src/contract); do not edit by hand (test/contract/api-md.test.ts).
Every method also takes a last \`options?: RequestOptions\` (headers, timeout, retries, signal). The types are
exported by \`acs-sdk\`; the README's guides show the calls in context.
`;

/** The text of api.md. */
export function apiMarkdown(entries: ResourceEndpoint[]): string {
  // Every endpoint, custom ones too: their SDK method is written by hand, with a signature of its own.
  const plans = planResources(entries, { custom: true }).filter((plan) => plan.methods.length);
  plans.sort((a, b) => (a.address < b.address ? -1 : 1));
  const sections = plans.map((plan) =>
    [`## acs.${plan.address}`, '', ...plan.methods.flatMap(({ method, entry }) => methodLines(plan.address, method, entry))].join('\n'),
  );
  return `${HEAD}\n${sections.join('\n\n')}\n`;
}

function methodLines(address: string, method: string, entry: ResourceEndpoint): string[] {
  const { endpoint, signature } = entry;
  const path = endpoint.api === 'business' ? `/v1${endpoint.path}` : endpoint.path;
  const call =
    endpoint.sdkMethod === 'custom'
      ? `acs.${address}.${method}(...)`
      : `acs.${address}.${method}(${signature.args.join(', ')}): ${resultTypeOf(entry)}`;
  const types = [
    signature.body && `body \`${signature.body}\``,
    signature.query && `query \`${signature.query}\``,
    `${endpoint.list ? 'items' : 'response'} \`${endpoint.file ? 'ReportFile' : signature.result}\``,
  ].filter(Boolean);
  const notes = [
    `\`${endpoint.method} ${path}\``,
    ...types,
    ...(signature.fileMethod ? ['`.download({ format })` for a file'] : []),
    ...(endpoint.sdkMethod === 'custom' ? ['hand-written (its doc comment gives the arguments)'] : []),
  ];
  // What it does, its filters and its errors: the endpoint's description (the method's doc comment).
  const text = (endpoint.description ?? endpoint.summary).replace(/\s*\n\s*/g, ' ');
  const summary = /[.!?)]$/.test(text) ? text : `${text}.`;
  // A backslash ends a line inside the list item (CommonMark's hard line break).
  return [`- \`${call}\`\\`, `  ${notes.join(' · ')}\\`, `  ${summary}`];
}
