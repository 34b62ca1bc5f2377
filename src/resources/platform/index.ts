export { Auth } from './auth.js';
export { CompanyResource } from './company.js';
export { Webhooks } from './webhooks.js';
