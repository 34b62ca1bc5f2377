import { z } from 'zod';
import { endpoint } from '../endpoint.js';

// Spec document 3, "Integrations": `POST /v1/integrations/transform-data`.

/** A target field's source: a column's name, or the column with transforms (`trim|upper`, `date:DD/MM/YYYY`) and a default. */
export const TransformFieldRule = z.union([
  z.string().min(1).max(200),
  z.object({ field: z.string().min(1).max(200).optional(), transform: z.string().max(200).optional(), default: z.unknown().optional() }),
]);

export const TRANSFORM_TARGETS = ['json', 'customers', 'items', 'suppliers', 'accounts'] as const;

export const TransformDataParams = z.object({
  sourceFormat: z.literal('csv'),
  /** `json`: any target fields; an entity: the fields of its template. */
  targetFormat: z.enum(TRANSFORM_TARGETS),
  mapping: z.record(z.string().min(1).max(200), TransformFieldRule),
  data: z.string().min(1).max(1_000_000),
});
export type TransformDataParams = z.input<typeof TransformDataParams>;

export const TransformDataResult = z.object({
  targetFormat: z.enum(TRANSFORM_TARGETS),
  totalRecords: z.number().int(),
  /** Each source record as a target record, with the line of the source it came from. */
  records: z.array(z.object({ rowNumber: z.number().int(), data: z.record(z.string(), z.unknown()) })),
});
export type TransformDataResult = z.infer<typeof TransformDataResult>;

export const integrationsTransformData = endpoint({
  scope: 'admin',
  tags: ['integrations'],
  id: 'integrations.transformData',
  method: 'POST',
  path: '/integrations/transform-data',
  summary: 'Turn CSV text into target records with a field mapping',
  description:
    'CSV text as target records: each field from a column, or `{ field, transform, default }` with ' +
    'transforms `trim`, `upper`, `lower`, `number`, `integer`, `boolean`, `date:DD/MM/YYYY`, `split:;` ' +
    'chained by `|`.',
  example:
    "const { records } = await acs.integrations.transformData({ sourceFormat: 'csv', targetFormat: 'customers', mapping: { name: { field: 'Name', transform: 'trim' } }, data: csv });",
  exampleCall: { body: { sourceFormat: 'csv', targetFormat: 'json', mapping: { name: 'Name' }, data: 'Name\nA\n' } },
  body: TransformDataParams,
  response: TransformDataResult,
});
