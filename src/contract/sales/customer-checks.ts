import { z } from 'zod';
import { ADDRESS_LIMITS, parseAbsoluteUrl } from '../common.js';

// The value checks of a customer write (spec document 2, "Customer"): email, phone, website, texts
// where blank means none, and address blocks; customers.ts builds its write rules from them.

/** An email address as the service checks it (customers and contacts alike). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
/** A phone number: digits with an optional leading `+`, spaces, dashes, dots and brackets; 6 to 15 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]+$/;
/** Longest phone number as written, separators included (15 digits leave room for 15 of them). */
export const PHONE_MAX_LENGTH = 30;
export const isPhone = (value: string): boolean => {
  const digits = value.replace(/\D/g, '').length;
  return value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(value) && digits >= 6 && digits <= 15;
};

/** A rule broken inside a transform, reported with the spec's detail code (spec document 1, "Validation"). */
export function broken(ctx: z.RefinementCtx, input: unknown, code: 'INVALID_FORMAT' | 'MAX_VALUE', message: string): never {
  ctx.addIssue({ code: 'custom', input, message, params: { code } });
  return z.NEVER as never;
}

/** A text where blank means none: `''` and `null` read as null; any other value is trimmed and must pass `valid`. */
export const textOrNone = (valid: (text: string) => boolean, message: string, normalise: (text: string) => string = (text) => text) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      return valid(text) ? normalise(text) : broken(ctx, value, 'INVALID_FORMAT', message);
    });

/** An address with its non-empty parts trimmed, null when none is left; a part it does not have is a broken rule, named. */
export const addressOf = (parts: readonly string[]) =>
  z
    .looseObject(
      Object.fromEntries(
        parts.map((part) => {
          const max = ADDRESS_LIMITS[part as keyof typeof ADDRESS_LIMITS];
          return [part, z.string().max(max, `${part} is at most ${max} characters`).nullable().optional()];
        }),
      ),
    )
    .nullable()
    .transform((value, ctx) => {
      const kept: [string, string][] = [];
      for (const [key, part] of Object.entries(value ?? {})) {
        if (!parts.includes(key))
          ctx.addIssue({
            code: 'custom',
            path: [key],
            input: part,
            message: `takes ${parts.join(', ')}`,
            params: { code: 'INVALID_FORMAT' },
          });
        else if (typeof part === 'string' && part.trim() !== '') kept.push([key, part.trim()]);
      }
      return kept.length === 0 ? null : Object.fromEntries(kept);
    });

/** A web address: http or https (the scheme may be left out), a dotted host name, no spaces. */
export const isWebsite = (value: string): boolean => {
  const url = parseAbsoluteUrl(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !/\s/.test(value);
};
