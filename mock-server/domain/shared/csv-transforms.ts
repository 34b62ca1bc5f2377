/**
 * The transforms a CSV mapping may name (spec document 3, transform-data: "`transform`"; the set is
 * ours, decision BATCH-26): chained with `|`, applied left to right to a cell's text.
 */
export class TransformFailure extends Error {}

type Transform = (value: unknown, argument: string | undefined) => unknown;

const text = (value: unknown) => String(value);

const TRANSFORMS: Record<string, Transform> = {
  trim: (v) => text(v).trim(),
  upper: (v) => text(v).toUpperCase(),
  lower: (v) => text(v).toLowerCase(),
  number: (v) => {
    // Thousands separators are dropped; a decimal comma is not guessed.
    const cleaned = text(v).trim().replace(/[\s,]/g, '');
    if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) throw new TransformFailure(`"${text(v)}" is not a number`);
    return Number(cleaned);
  },
  integer: (v) => {
    const cleaned = text(v).trim();
    if (!/^[-+]?\d+$/.test(cleaned)) throw new TransformFailure(`"${text(v)}" is not a whole number`);
    return Number(cleaned);
  },
  boolean: (v) => {
    const word = text(v).trim().toLowerCase();
    if (['true', 'yes', 'y', '1'].includes(word)) return true;
    if (['false', 'no', 'n', '0'].includes(word)) return false;
    throw new TransformFailure(`"${text(v)}" is not true/false, yes/no or 1/0`);
  },
  date: (v, format) => readDate(text(v).trim(), format ?? 'YYYY-MM-DD'),
  // `split` (on `|`, the chain's own separator) or `split:;`.
  split: (v, separator) =>
    text(v)
      .split(separator || '|')
      .map((part) => part.trim())
      .filter(Boolean),
};

/** The names of the transforms, for the error that lists them. */
export const TRANSFORM_NAMES = Object.keys(TRANSFORMS);

/** Why a transform chain is not one the service knows, or null. */
export function checkTransforms(chain: string): string | null {
  for (const step of chain.split('|')) {
    const [name, argument] = splitStep(step);
    if (!TRANSFORMS[name]) return `unknown transform "${name}"; transforms: ${TRANSFORM_NAMES.join(', ')}`;
    if (name === 'date' && argument !== undefined && !/^(?=.*YYYY)(?=.*MM)(?=.*DD)[YMD./ -]+$/.test(argument))
      return `date format "${argument}" uses YYYY, MM and DD`;
  }
  return null;
}

export function applyTransforms(chain: string, cell: string): unknown {
  return chain.split('|').reduce<unknown>((value, step) => {
    const [name, argument] = splitStep(step);
    return TRANSFORMS[name]!(value, argument);
  }, cell);
}

/** `date:DD/MM/YYYY` -> ['date', 'DD/MM/YYYY']. */
function splitStep(step: string): [string, string | undefined] {
  const colon = step.indexOf(':');
  return colon < 0 ? [step.trim(), undefined] : [step.slice(0, colon).trim(), step.slice(colon + 1)];
}

/** A date in `format` (YYYY, MM, DD and separators) as ISO `YYYY-MM-DD`; an impossible date fails. */
function readDate(value: string, format: string): string {
  const pattern = new RegExp(
    `^${format
      .replace(/[.*+?^${}()[\]\\/]/g, '\\$&')
      .replace('YYYY', '(?<y>\\d{4})')
      .replace('MM', '(?<m>\\d{1,2})')
      .replace('DD', '(?<d>\\d{1,2})')}$`,
  );
  const groups = pattern.exec(value)?.groups;
  const iso = groups ? `${groups.y}-${groups.m!.padStart(2, '0')}-${groups.d!.padStart(2, '0')}` : '';
  const date = new Date(`${iso}T00:00:00Z`);
  if (!groups || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso)
    throw new TransformFailure(`"${value}" is not a date in the format ${format}`);
  return iso;
}
