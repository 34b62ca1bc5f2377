// Writes the SDK's resource methods from the contract: one class per resource address (the endpoint id
// without its method name, `invoices.payments`), each method typed and documented from its endpoint.
import type { AnyEndpoint } from '../../src/contract/endpoint.js';
import { docLines } from './render-type.js';
import type { Signature } from './signature.js';

/** An endpoint as the resource generator reads it. */
export interface ResourceEndpoint {
  /** The route constant's name (the contract's export). */
  name: string;
  endpoint: AnyEndpoint;
  /** The module's folder of src/contract (`sales`). */
  module: string;
  signature: Signature;
  /** The SDK type names its signature refers to. */
  types: string[];
}

/** One resource: its address (`invoices.payments`), its methods (`create`, ...) and the module it is in. */
export interface ResourcePlan {
  address: string;
  module: string;
  className: string;
  methods: { method: string; entry: ResourceEndpoint }[];
}

/** The generated class of an address: `invoices.payments` -> `InvoicesPaymentsMethods`. */
export const methodsClassOf = (address: string): string =>
  `${address
    .split('.')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}Methods`;

/** Every resource address with its methods, parents included (`inventory` has none of its own). */
export function planResources(entries: ResourceEndpoint[], { custom = false } = {}): ResourcePlan[] {
  const plans = new Map<string, ResourcePlan>();
  const planOf = (address: string, module: string) => {
    let plan = plans.get(address);
    if (!plan) plans.set(address, (plan = { address, module, className: methodsClassOf(address), methods: [] }));
    return plan;
  };
  for (const entry of entries) {
    if (entry.endpoint.sdkMethod === 'custom' && !custom) continue;
    const parts = entry.endpoint.id.split('.');
    for (let depth = 1; depth < parts.length - 1; depth++) planOf(parts.slice(0, depth).join('.'), entry.module);
    const plan = planOf(parts.slice(0, -1).join('.'), entry.module);
    // A resource is in the module of its own endpoints; one without any, in its first child's.
    if (!plan.methods.length) plan.module = entry.module;
    plan.methods.push({ method: parts.at(-1)!, entry });
  }
  return [...plans.values()];
}

/** The return type of a method: a page promise for a list, a file for an endpoint that always answers one. */
export function resultTypeOf({ endpoint, signature }: ResourceEndpoint): string {
  if (endpoint.list) {
    const page = { cursor: 'CursorPage', offset: 'OffsetPage', page: 'PageNumberPage' }[endpoint.list.paging];
    return `PagePromise<${page}<${signature.result}>, ${signature.result}>`;
  }
  return `ApiPromise<${endpoint.file ? 'ReportFile' : signature.result}>`;
}

/** The doc comment of a method: its endpoint's description, its HTTP call and its example. */
export function methodDoc(endpoint: AnyEndpoint, indent: string): string[] {
  const parts = [...wrap(endpoint.description ?? endpoint.summary, 110), '', `\`${endpoint.method} ${endpoint.path}\``];
  if (endpoint.example) parts.push('', '@example', ...endpoint.example.split('\n'));
  return docLines(parts.join('\n'), indent);
}

/** The class of one resource, with its methods and the table that tags each with its route. */
export function classLines(plan: ResourcePlan, needs: Set<string>): string[] {
  const lines = [
    `/** The methods of \`acs.${plan.address}\`, generated from the contract (src/contract/${plan.module}/). */`,
    `export class ${plan.className} extends Resource {`,
    `  /** Where a client reaches this resource (\`acs.${plan.address}\`). */`,
    `  static readonly address = '${plan.address}';`,
  ];
  for (const { method, entry } of plan.methods) lines.push('', ...methodLines(method, entry, needs));
  lines.push('}');
  const fileMethods = new Set(plan.methods.filter(({ entry }) => entry.signature.fileMethod).map(({ method }) => method));
  const tagged = plan.methods.filter(({ method }) => !fileMethods.has(method));
  if (tagged.length) {
    needs.add('tagMethods');
    lines.push(`tagMethods(${plan.className}, { ${tagged.map(({ method, entry }) => `${method}: ${entry.name}`).join(', ')} });`);
  }
  return lines;
}

function methodLines(method: string, entry: ResourceEndpoint, needs: Set<string>): string[] {
  const { endpoint, signature, name } = entry;
  needs.add(name);
  const doc = methodDoc(endpoint, '  ');
  if (signature.fileMethod) {
    // A report's method keeps `.download(query)` beside the call, so it is a property (spec document 3, "Reports").
    needs.add('FileMethod');
    return [...doc, `  readonly ${method}: FileMethod<[${signature.args.join(', ')}], ${signature.result}> = this.method(${name});`];
  }
  const result = resultTypeOf(entry);
  needs.add(endpoint.list ? 'PagePromise' : 'ApiPromise');
  if (endpoint.list) needs.add({ cursor: 'CursorPage', offset: 'OffsetPage', page: 'PageNumberPage' }[endpoint.list.paging]);
  if (endpoint.file) needs.add('ReportFile');
  const input = [
    signature.pathParams.length ? `params: { ${signature.pathParams.join(', ')} }` : '',
    signature.body ? 'body' : '',
    signature.query ? 'query' : '',
  ].filter(Boolean);
  return [
    ...doc,
    `  ${method}(${[...signature.args, 'options?: RequestOptions'].join(', ')}): ${result} {`,
    `    return this.call(${name}, { ${input.join(', ')} }, options) as ${result};`,
    '  }',
  ];
}

/** Words of `text` in lines of at most `width` characters, paragraphs kept. */
function wrap(text: string, width: number): string[] {
  return text.split('\n').flatMap((paragraph) => {
    if (!paragraph.trim()) return [''];
    const out: string[] = [];
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && `${line} ${word}`.length > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    return [...out, line];
  });
}

const CORE_IMPORTS: [from: string, names: string[], typeOnly: boolean][] = [
  ['core/api-promise.js', ['ApiPromise'], true],
  ['core/pagination.js', ['CursorPage', 'OffsetPage', 'PageNumberPage', 'PagePromise'], true],
  ['core/report-file.js', ['ReportFile'], true],
  ['core/request-options.js', ['RequestOptions'], true],
];

/** One file per module, `generated/resources/<module>.ts`, holding its resources' classes. */
export function resourceFiles(entries: ResourceEndpoint[], header: (source: string) => string): Map<string, string> {
  const out = new Map<string, string>();
  const plans = planResources(entries);
  for (const module of [...new Set(plans.map((plan) => plan.module))]) {
    const needs = new Set<string>(['RequestOptions']);
    const body = plans.filter((plan) => plan.module === module).flatMap((plan) => ['', ...classLines(plan, needs)]);
    const types = [
      ...new Set(plans.filter((plan) => plan.module === module).flatMap((plan) => plan.methods.flatMap((m) => m.entry.types))),
    ];
    const imports = CORE_IMPORTS.map(([from, names]) => [from, names.filter((name) => needs.has(name))] as const)
      .filter(([, names]) => names.length)
      .map(([from, names]) => `import type { ${names.join(', ')} } from '../../${from}';`);
    const resourceNames = [
      'Resource',
      ...(needs.has('tagMethods') ? ['tagMethods'] : []),
      ...(needs.has('FileMethod') ? ['type FileMethod'] : []),
    ];
    imports.push(`import { ${resourceNames.join(', ')} } from '../../core/resource.js';`);
    const routes = [...needs].filter((name) => entries.some((entry) => entry.name === name)).sort();
    imports.push(
      `import {\n${[...routes, ...types.sort().map((name) => `type ${name}`)].map((name) => `  ${name},`).join('\n')}\n} from '../index.js';`,
    );
    out.set(`resources/${module}.ts`, `${header(`${module}/`)}\n${imports.join('\n')}\n${body.join('\n')}\n`);
  }
  return out;
}
