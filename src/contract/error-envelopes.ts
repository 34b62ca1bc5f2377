import { z } from 'zod';
import { isoDateTime, Meta } from './common.js';
import { ERROR_CODES, SHARED_DETAIL_SHAPES, type ErrorCode } from './errors.js';

/** One refused value (spec document 1, "Errors": field, message, code, value, constraint); a module may add facts. */
export const ValidationErrorItem = z
  .object({
    field: z.string(),
    message: z.string(),
    code: z.string(),
    value: z.unknown().optional(),
    valueTruncated: z.literal(true).optional(),
    constraint: z.unknown().optional(),
  })
  .catchall(z.unknown());

/** The record a 404 looked for (spec document 1, NOT_FOUND). */
export const NotFoundDetail = z.object({ resource: z.string(), id: z.string(), field: z.string() });

/** A move its state machine lacks: the rule, the record's state and the states the move starts from (MOCK-1). */
export const StateRuleDetail = z
  .object({ rule: z.string(), status: z.string(), allowedStatuses: z.array(z.string()) })
  .catchall(z.unknown());

type Shape = keyof typeof SHARED_DETAIL_SHAPES;

const DETAIL_OF: Record<Shape, z.ZodType> = { item: ValidationErrorItem, notFound: NotFoundDetail, stateRule: StateRuleDetail };

/** The component names OpenAPI gives the envelope of each shape; the rest keep the open `ErrorEnvelope`. */
export const SHAPED_ENVELOPE_NAMES: Record<Shape, string> = {
  item: 'ValidationErrorEnvelope',
  notFound: 'NotFoundErrorEnvelope',
  stateRule: 'StateRuleErrorEnvelope',
};

/** The shared shape a code's catalogued `details` names (VALIDATION_ERROR's text adds its detail codes after it). */
export function detailShapeOf(code: ErrorCode): Shape | null {
  const text = ERROR_CODES[code].details;
  for (const [shape, pattern] of Object.entries(SHARED_DETAIL_SHAPES) as [Shape, string][]) {
    if (text === pattern || text.startsWith(`${pattern} with code `)) return shape;
  }
  return null;
}

/** The catalogue's codes of each shared shape, in catalogue order. */
export function codesOfShape(shape: Shape): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => detailShapeOf(code) === shape);
}

const envelopeOf = (codes: [ErrorCode, ...ErrorCode[]], detail: z.ZodType) =>
  z.object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(codes),
      message: z.string(),
      details: z.array(detail),
      requestId: z.string(),
      timestamp: isoDateTime(),
      documentation: z.string().optional(),
    }),
    meta: Meta,
  });

const shaped = new Map<Shape, z.ZodType>();

/** The failure envelope of every code of one shared shape, its `details` typed (OpenAPI components of those names). */
export function shapedErrorEnvelope(shape: Shape): z.ZodType {
  let envelope = shaped.get(shape);
  if (!envelope) shaped.set(shape, (envelope = envelopeOf(codesOfShape(shape) as [ErrorCode, ...ErrorCode[]], DETAIL_OF[shape])));
  return envelope;
}

/** The codes whose details are their own (each named in docs/errors.md): the open envelope's codes in OpenAPI. */
export const codesOfOwnDetails = (): ErrorCode[] => (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => !detailShapeOf(code));

/** Every shared shape, in the order OpenAPI lists their envelopes. */
export const SHARED_SHAPES = Object.keys(SHAPED_ENVELOPE_NAMES) as Shape[];

/** The envelope a refusal with `code` must match: its shape's typed one, or null for a code with details of its own. */
export function errorEnvelopeOfCode(code: string): z.ZodType | null {
  if (!(code in ERROR_CODES)) return null;
  const shape = detailShapeOf(code as ErrorCode);
  return shape ? shapedErrorEnvelope(shape) : null;
}
