import type { CompanyContext } from '../../store/context.js';
import { itemCategoriesTable, type ItemCategoryRow } from './tables.js';
import { conflict, validationError } from '../../kernel/errors.js';

export type { ItemCategoryRow } from './tables.js';

/**
 * The company's item category tree. The spec shows `category` {id, name, path} on an item and a
 * `category` filter but no category endpoints, so the tree is seeded and read-only through the API
 * (decision INV-6).
 */
export function createItemCategory(ctx: CompanyContext, input: { name: string; parentId?: string | null }): ItemCategoryRow {
  return ctx.store.transaction(() => {
    const table = itemCategoriesTable(ctx);
    const parent = input.parentId ? resolveItemCategory(ctx, input.parentId, 'parentId') : null;
    const path = parent ? `${parent.path} / ${input.name}` : input.name;
    const sibling = table.find((row) => row.path === path);
    if (sibling) throw conflict('item_category', 'path', path, sibling.id);
    return table.insert({ id: table.newId(), name: input.name, parentId: parent?.id ?? null, path });
  });
}

/** The category an item names; an unknown id is a 422 INVALID_CHOICE listing the company's categories. */
export function resolveItemCategory(ctx: CompanyContext, categoryId: string, field: string): ItemCategoryRow {
  const table = itemCategoriesTable(ctx);
  const row = table.get(categoryId);
  if (row) return row;
  const known = table.all().map((category) => ({ id: category.id, path: category.path }));
  throw validationError([
    {
      field,
      code: 'INVALID_CHOICE',
      message: known.length ? `no item category ${categoryId}` : `no item category ${categoryId}; the company has no item categories`,
      value: categoryId,
      constraint: known,
    },
  ]);
}

/** The category and every category below it: the `category` filter matches items of subcategories too. */
export function categoryAndDescendants(ctx: CompanyContext, categoryId: string): Set<string> {
  const table = itemCategoriesTable(ctx);
  const found = new Set<string>([categoryId]);
  const queue = [categoryId];
  while (queue.length > 0) {
    for (const child of table.byIndex('parentId', queue.shift()!)) {
      if (!found.has(child.id)) {
        found.add(child.id);
        queue.push(child.id);
      }
    }
  }
  return found;
}
