import { contract } from '../../src/contract/index.js';
import {
  authorize,
  type AuthorizeOutcome,
  exchangeToken,
  issuerOf,
  type OAuthProblem,
  refuseAuthorization,
  type TokenOutcome,
  tokenRequestProblem,
} from '../domain/oauth/index.js';
import { basicCredentials } from '../kernel/basic-auth.js';
import { redirect, respondRaw, type RawResponse } from '../kernel/raw.js';
import { route, type Route } from '../store/context.js';

// RFC 6749 §5.1: token responses, and their errors, must not be cached.
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** The authorization server (spec document 1, "OAuth 2.0"): RFC 6749 answers instead of the envelope. */
export const oauthRoutes: Route[] = [
  route(
    contract.oauth.oauthAuthorize,
    (ctx) => authorizeAnswer(authorize({ store: ctx.store, clock: ctx.clock, issuer: issuerOf(ctx.bases.auth) }, ctx.query)),
    {
      renderError: (error, ctx) =>
        authorizeAnswer(
          refuseAuthorization({ store: ctx.store, clock: ctx.clock, issuer: issuerOf(ctx.bases.auth) }, ctx.request.search, error),
        ),
    },
  ),
  route(contract.oauth.oauthToken, (ctx) => tokenAnswer(exchangeToken(ctx, ctx.body, basicCredentials(ctx.headers))), {
    renderError: (error) => problemAnswer(tokenRequestProblem(error)),
  }),
];

/** 302 to the client, or a 400 page (no redirect) when the client or its redirect URI is not trusted. */
const authorizeAnswer = (outcome: AuthorizeOutcome): RawResponse =>
  outcome.kind === 'redirect' ? redirect(outcome.location) : problemAnswer(outcome.problem);

const tokenAnswer = (outcome: TokenOutcome): RawResponse =>
  outcome.ok ? respondRaw(outcome.body, { headers: NO_STORE }) : problemAnswer(outcome.problem);

/** RFC 6749 §5.2 `{ error, error_description }`; a client that tried HTTP Basic is told how to authenticate. */
const problemAnswer = (problem: OAuthProblem): RawResponse =>
  respondRaw(problem.toJSON(), {
    status: problem.status,
    headers: problem.basicChallenge ? { ...NO_STORE, 'WWW-Authenticate': 'Basic realm="acs-sandbox", charset="UTF-8"' } : NO_STORE,
  });
