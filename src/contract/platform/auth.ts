import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** `data` of `GET /v1/auth/verify` (spec document 1, "Endpoints shared by all modules"). */
export const AuthVerification = z.object({
  authenticated: z.boolean(),
  company: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
  permissions: z.array(z.string()),
});
export type AuthVerification = z.infer<typeof AuthVerification>;

export const authVerify = endpoint({
  id: 'auth.verify',
  method: 'GET',
  path: '/auth/verify',
  summary: 'Confirm an API key or access token and the company it acts on',
  description:
    'Confirms the API key or access token and the company it acts on; resolves to `authenticated`, the ' +
    "`company` (`id`, `name`, `plan`) and the credential's `permissions`.",
  example: 'const { company, permissions } = await acs.auth.verify();',
  exampleCall: {},
  response: AuthVerification,
});
