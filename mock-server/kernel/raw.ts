/**
 * A route's answer that the router sends as it is, without the success envelope: for the OAuth token
 * endpoint (RFC 6749 bodies) and the data-management API, whose envelopes differ (spec document 3).
 */
export class RawResponse {
  constructor(
    readonly body: unknown,
    readonly status: number = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const respondRaw = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new RawResponse(body, init.status, init.headers);

/** A 302 to `location`, no body (the OAuth authorize step's answer to the client). */
export const redirect = (location: string) => new RawResponse(undefined, 302, { Location: location });
