import * as contract from '../../src/contract/index.js';
import type { ValidateMode, ValidateOptions } from '../../src/index.js';

/** `validate` of a client that checks responses against the contract, as a user opts in (decision SDK-6). */
export const validating = (mode: ValidateMode): ValidateOptions => ({ mode, contract });
