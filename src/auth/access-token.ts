import type { Caller } from '../caller.ts';
import { AppError } from '../errors.ts';
import { limitsOfRow } from '../key-limits.ts';
import { refuseIfAgentsStopped } from '../pipeline/agents-stopped.ts';
import { findOAuthGrant, type OAuthGrantWithOwner, touchOAuthGrant } from '../storage/oauth-grants.ts';
import { hashApiKey } from './api-key.ts';
import type { AuthServices } from './auth-services.ts';
import { ownResource, resourceOf } from './protected-resource.ts';

/** last_used_at of a grant is kept to the minute, as a key's is. */
const LAST_USED_PRECISION_MS = 60_000;

function refused(services: AuthServices, problem: string): AppError {
  return new AppError(
    'unauthenticated',
    `${problem} Get a new access token: refresh it at ${services.config.appUrl}/oauth/token, or sign in ` +
      'again through your app (it finds the authorization server from this answer).',
  );
}

/** What a call needs of an access token: read once, then from the credential cache. */
interface TokenCredential {
  /** Seconds since the epoch. */
  expiresAt: number | undefined;
  audiences: Array<string | undefined>;
  grant: OAuthGrantWithOwner | undefined;
}

async function readAccessToken(services: AuthServices, value: string): Promise<TokenCredential | undefined> {
  const token = await services.oauth.provider().AccessToken.find(value, { ignoreExpiration: true });
  if (!token) return undefined;
  const grant = token.grantId ? await findOAuthGrant(services.storage.db, token.grantId) : undefined;
  return { expiresAt: token.exp, audiences: Array.isArray(token.aud) ? token.aud : [token.aud], grant };
}

/**
 * The caller of an OAuth access token this service issued: the owner who approved the app, with the
 * limits the owner gave it. The token and its grant come from the credential cache, which a revocation or
 * the end of the grant empties on every instance; expiry is judged at every call.
 */
export async function callerOfAccessToken(services: AuthServices, value: string): Promise<Caller> {
  const token = await services.credentials.lookup(`token:${hashApiKey(value)}`, () =>
    readAccessToken(services, value),
  );
  if (!token) {
    throw new AppError(
      'unauthenticated',
      'This is neither an adops API key (sk_live_ followed by 38 letters and digits) nor an access token ' +
        `this service issued (or the owner revoked it). Create an API key at ${services.config.appUrl}/keys, ` +
        'or sign in again through your app.',
    );
  }
  // By the provider's own clock, which set the expiry.
  if (token.expiresAt !== undefined && Date.now() / 1000 >= token.expiresAt) {
    throw refused(services, 'This access token expired.');
  }
  if (!token.audiences.some((audience) => audience && ownResource(services.config, audience))) {
    const resource = resourceOf(services.config);
    throw refused(services, `This access token was issued for another resource, not ${resource}.`);
  }
  const { grant } = token;
  if (!grant || grant.revoked_at !== null) {
    throw refused(services, 'This app’s access ended: the owner revoked or replaced it in the console.');
  }
  const caller: Caller = {
    userId: grant.user_id,
    email: grant.email,
    tier: grant.tier,
    apiKeyId: null,
    oauth: { clientId: grant.client_id, clientName: grant.client_name, grantId: grant.id },
    limits: limitsOfRow(grant),
  };
  refuseIfAgentsStopped(services, grant.agents_stopped_at, caller);
  const now = services.clock.now();
  if (
    grant.last_used_at === null ||
    now.getTime() - Date.parse(grant.last_used_at) >= LAST_USED_PRECISION_MS
  ) {
    await touchOAuthGrant(services.storage.db, grant.id, now);
    grant.last_used_at = now.toISOString();
  }
  return caller;
}
