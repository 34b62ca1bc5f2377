import type { StandardSchemaV1 } from 'ky';
import { ConfigurationError } from './errors.js';

/** How responses are checked against the contract: throw, log and go on, or not at all. */
export type ValidateMode = 'strict' | 'warn' | 'off';

/**
 * What responses are checked against: the `acs-sdk/contract` module (`import * as contract from
 * 'acs-sdk/contract'`), or anything giving a Standard Schema of an endpoint's success body by its id.
 */
export interface ResponseContract {
  responseSchemaOf(endpointId: string): StandardSchemaV1 | undefined;
}

/** `validate` of `new AcsClient()`: a mode with the contract to check against, or `'off'` (the default). */
export interface ValidateOptions {
  mode: ValidateMode;
  contract: ResponseContract;
}

/** Validation as the transport runs it: undefined when responses are not checked. */
export interface ResponseValidation {
  mode: 'strict' | 'warn';
  contract: ResponseContract;
}

// Decision SDK-6: the contract comes in by the caller's import, never the client's, so a build that does
// not validate holds no zod; the old string form says what to write instead.
const HOW = "import * as contract from 'acs-sdk/contract' and pass validate: { mode: 'strict', contract }";

/** Checks `validate` (any value: a JavaScript caller may pass the old string form); mistakes throw `ConfigurationError`. */
export function resolveValidation(validate: unknown): ResponseValidation | undefined {
  if (validate === undefined || validate === 'off') return undefined;
  if (validate === 'strict' || validate === 'warn') {
    throw new ConfigurationError(
      `validate: '${validate}' needs the contract to check against: ${HOW.replace("'strict'", `'${validate}'`)}`,
    );
  }
  const { mode, contract } = (typeof validate === 'object' && validate !== null ? validate : {}) as Partial<ValidateOptions>;
  if (mode !== 'strict' && mode !== 'warn' && mode !== 'off') {
    throw new ConfigurationError(
      `validate must be { mode: 'strict' | 'warn' | 'off', contract } or 'off', got ${JSON.stringify(validate)}`,
    );
  }
  if (mode === 'off') return undefined;
  if (typeof contract?.responseSchemaOf !== 'function')
    throw new ConfigurationError(`validate.contract must be the acs-sdk/contract module: ${HOW}`);
  return { mode, contract };
}
