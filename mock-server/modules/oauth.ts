import { authenticateAccessToken, defineOAuthTables, signInAs } from '../domain/oauth/index.js';
import { oauthRoutes } from '../routes/oauth.js';
import { demoUsers, emptyUsers, seedOAuth } from '../seed/oauth.js';
import { defineModule } from './define.js';

export const oauth = defineModule({
  name: 'oauth',
  tables: [defineOAuthTables],
  routes: oauthRoutes,
  seed: [
    {
      stage: 'users',
      demo: (store, companyIds, output) => {
        output.oauth = seedOAuth(store, demoUsers(companyIds));
      },
      empty: (store, [companyId], output) => {
        output.oauth = seedOAuth(store, emptyUsers(companyId));
      },
    },
  ],
  authenticateToken: authenticateAccessToken,
  signIn: signInAs,
});
