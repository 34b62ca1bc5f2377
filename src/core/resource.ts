import type { AnyEndpoint } from '../contract/index.js';
import { defineMethod, type MethodCore, type SdkMethod } from './method.js';

/**
 * Base of a resource family (`acs.accounts`, ...). Its methods are own fields made by `method()`, so
 * walking a resource's values yields exactly its SDK methods.
 */
export abstract class Resource {
  readonly #core: MethodCore;

  constructor(core: MethodCore) {
    this.#core = core;
  }

  /** The SDK method of a contract endpoint, bound to this client's transport and company. */
  protected method<E extends AnyEndpoint>(endpoint: E): SdkMethod<E> {
    return defineMethod(this.#core, endpoint);
  }
}
