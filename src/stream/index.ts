/**
 * `acs-sdk/stream`: reserved entry point. Its API lands with the OAuth, webhooks and stream issue (#4);
 * the subpath exists now so that the exports map, the build and the package layout do not change then.
 * @packageDocumentation
 */
export const ENTRY_POINT = 'acs-sdk/stream' as const;
