/**
 * `require('acs-sdk')`: every named export of the package, without the ES module's default export, since a
 * CommonJS module is one `exports` object and a default beside names reaches CommonJS callers only as
 * `.default` (decision PLAT-34): `const { AcsClient } = require('acs-sdk')`.
 * @packageDocumentation
 */
export * from './index.js';
