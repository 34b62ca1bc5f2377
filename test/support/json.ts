/**
 * A parsed JSON answer that a test reads by path (`reply.body.error.details[0].field`): the assertion
 * on the path fails for a wrong one, which a type cannot add to. Anything a test can name has a real type.
 */
// biome-ignore lint/suspicious/noExplicitAny: a JSON answer read by path, as above
export type Json = any;
