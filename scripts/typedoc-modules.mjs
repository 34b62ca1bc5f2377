// A typedoc plugin (typedoc.json `plugin`): the reference's sidebar groups each entry point's exports by the spec's
// modules, and hides the constructors users never call.
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** The `module` column of docs/spec/endpoints.tsv, as the sidebar titles it. */
const MODULES = {
  platform: 'Platform',
  oauth: 'OAuth',
  bulk: 'Bulk writes',
  accounting: 'Accounting',
  sales: 'Sales',
  inventory: 'Inventory',
  purchasing: 'Purchasing',
  einvoice: 'E-invoicing',
  'einvoice-records': 'E-invoice records',
  reports: 'Reports',
  batch: 'Batch',
  integrations: 'Integrations',
  audit: 'Audit trail',
};

/** Folders of src/ that are not split by module, by the title of what they hold. */
const FOLDERS = [
  [/^src\/core\/errors\.ts$/, 'Errors'],
  [/^src\/(?:client|index)\.ts$|^src\/(?:core|internal)\//, 'Client'],
  [/^src\/oauth\//, 'OAuth'],
  [/^src\/webhooks\//, 'Webhooks'],
  [/^src\/stream\//, 'Stream'],
  [/^src\/contract\/[\w-]+\.ts$/, 'Contract'],
  // The shared generated types (Address, the paginations), the resource list, the version: the client's own.
  [/^src\//, 'Client'],
];

/** The module an export is declared in: `src/<layer>/<module>/...`, else the folder it lives in. */
export function categoryOf(path) {
  const module = path.match(/^src\/(?:generated|resources|contract)\/([\w-]+)\//)?.[1];
  if (module && MODULES[module]) return MODULES[module];
  return FOLDERS.find(([pattern]) => pattern.test(path))?.[1];
}

/** A constructor is the SDK's own when it takes one of its internal building blocks: a resource's connection, a page's parts, a pending response. */
const isInternalConstructor = (ctor) =>
  ctor.signatures?.some((signature) =>
    (signature.parameters ?? []).some((p) => p.type?.type === 'reference' && ['MethodCore', 'PageInit', 'Promise'].includes(p.type.name)),
  );

/** @param {import('typedoc').Application} app */
export function load(app) {
  // Before typedoc's own categorizing, which runs at priority -200 of the same event.
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      const project = context.project;
      for (const module of project.getReflectionsByKind(ReflectionKind.Module)) {
        for (const child of module.children ?? []) {
          const path = project.getSymbolIdFromReflection(child)?.packagePath;
          const category = path && categoryOf(path);
          if (category && !child.comment?.getTag('@category')) {
            child.comment ??= new Comment();
            child.comment.blockTags.push(new CommentTag('@category', [{ kind: 'text', text: category }]));
          }
          for (const ctor of child.getChildrenByKind?.(ReflectionKind.Constructor) ?? []) {
            if (isInternalConstructor(ctor)) project.removeReflection(ctor);
          }
        }
      }
    },
    100,
  );
}
