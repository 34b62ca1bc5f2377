// Value checks shared by the options, the callback, the requests and the responses.

/** Whether a value is a string with at least one character. */
export const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Whether a value is an absolute URL (a string `new URL()` takes without a base). */
export const isAbsoluteUrl = (value: unknown): value is string => typeof value === 'string' && URL.canParse(value);

/** Whether a value is a JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
