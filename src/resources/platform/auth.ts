import { AuthMethods } from '../../generated/resources/platform.js';

/** Credentials check (spec document 1, "Endpoints shared by all modules"). */
export class Auth extends AuthMethods {}
