import { FILE_FORMATS, type AnyEndpoint } from './endpoint.js';

// How docs/openapi.json tells an operation's JSON form from its files (decision PLAT-39): one media type per
// form under the one success status, the JSON form typed as the record, each file a string of its own media
// type, and `format` an enum that names the media type each value answers.

type JsonSchema = Record<string, unknown>;

/** A media type's type without its parameters: `text/csv; charset=utf-8` is `text/csv`. */
export const bareMediaType = (mediaType: string): string => mediaType.split(';')[0].trim();

/** Text a client reads as a string (CSV, XML); anything else is bytes. */
const isText = (mediaType: string): boolean => /^text\/|[/+]xml$|[/+]json$/.test(bareMediaType(mediaType));

/** The schema of a file answer: its media type said in JSON Schema's own words (2020-12, `contentMediaType`). */
export function fileSchema(mediaType: string): JsonSchema {
  const type = bareMediaType(mediaType);
  return isText(type) ? { type: 'string', contentMediaType: type } : { type: 'string', format: 'binary', contentMediaType: type };
}

/** The file forms of an endpoint that answers JSON or a file by `format` (a report, a batch's results), by media type. */
export function fileContent(e: AnyEndpoint): Record<string, { schema: JsonSchema }> {
  const { json: _, ...files } = formatMediaTypes(e);
  return Object.fromEntries(Object.values(files).map((type) => [type, { schema: fileSchema(type) }]));
}

/** `format` value -> the media type it answers, JSON first. */
const formatMediaTypes = (e: AnyEndpoint): Record<string, string> => ({
  json: 'application/json',
  ...Object.fromEntries((e.files ?? []).map((format) => [format, bareMediaType(FILE_FORMATS[format].mediaType)])),
});

/** What the success response of such an endpoint says about its forms. */
export function formsDescription(e: AnyEndpoint): string {
  const forms = Object.entries(formatMediaTypes(e)).map(([format, type]) => `\`${format}\` ${type}`);
  return `${e.summary}. The form follows \`format\`: ${forms.join(', ')}; the JSON form is the envelope, a file comes with Content-Disposition (decision PLAT-39).`;
}

/**
 * The `format` query parameter of an endpoint with file forms: the values it answers, typed as an enum (a
 * report's `format` is free text in the contract only so that another value is its 400 FORMAT_NOT_SUPPORTED).
 */
export function formatParameter(e: AnyEndpoint, required: boolean): unknown {
  const types = formatMediaTypes(e);
  return {
    name: 'format',
    in: 'query',
    required,
    description: `The form of the answer: ${Object.entries(types)
      .map(([format, type]) => `${format} (${type})`)
      .join(', ')}; json when absent`,
    schema: { type: 'string', enum: Object.keys(types), default: 'json' },
    'x-media-types': types,
  };
}
