import { authVerify } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Credentials check (spec document 1, "Endpoints shared by all modules"). */
export class Auth extends Resource {
  /**
   * Confirms the API key or access token and the company it acts on; resolves to `authenticated`,
   * the `company` (`id`, `name`, `plan`) and the credential's `permissions`.
   *
   * @example
   * const { company, permissions } = await acs.auth.verify();
   */
  verify = this.method(authVerify);
}
