import type { Caller } from '../caller.ts';
import { AppError } from '../errors.ts';
import { limitsOfRow } from '../key-limits.ts';
import { findOAuthGrant, touchOAuthGrant } from '../storage/oauth-grants.ts';
import { refuseIfAgentsStopped } from './agents-stopped.ts';
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

/**
 * The caller of an OAuth access token this service issued: the owner who approved the app, with the
 * limits the owner gave it. Expiry, revocation and the grant are read from the database every time.
 */
export async function callerOfAccessToken(services: AuthServices, value: string): Promise<Caller> {
  const provider = services.oauth.provider();
  const token = await provider.AccessToken.find(value, { ignoreExpiration: true });
  if (!token) {
    throw new AppError(
      'unauthenticated',
      'This is neither an adops API key (sk_live_ followed by 38 letters and digits) nor an access token ' +
        `this service issued (or the owner revoked it). Create an API key at ${services.config.appUrl}/keys, ` +
        'or sign in again through your app.',
    );
  }
  if (token.isExpired) throw refused(services, 'This access token expired.');
  const audiences = Array.isArray(token.aud) ? token.aud : [token.aud];
  if (!audiences.some((audience) => audience && ownResource(services.config, audience))) {
    const resource = resourceOf(services.config);
    throw refused(services, `This access token was issued for another resource, not ${resource}.`);
  }
  const grant = token.grantId ? await findOAuthGrant(services.storage.db, token.grantId) : undefined;
  if (!grant || grant.revoked_at !== null) {
    throw refused(services, 'This app’s access ended: the owner revoked or replaced it in the console.');
  }
  refuseIfAgentsStopped(services, grant.agents_stopped_at);
  const now = services.clock.now();
  if (
    grant.last_used_at === null ||
    now.getTime() - Date.parse(grant.last_used_at) >= LAST_USED_PRECISION_MS
  ) {
    await touchOAuthGrant(services.storage.db, grant.id, now);
  }
  return {
    userId: grant.user_id,
    email: grant.email,
    tier: grant.tier,
    apiKeyId: null,
    oauth: { clientId: grant.client_id, clientName: grant.client_name, grantId: grant.id },
    limits: limitsOfRow(grant),
  };
}
