import type { Caller } from '../caller.ts';
import { AppError } from '../errors.ts';
import { refuseIfAgentsStopped } from '../pipeline/agents-stopped.ts';
import { findApiKeyByHash, keyLimits, touchApiKey } from '../storage/api-keys.ts';
import { callerOfAccessToken } from './access-token.ts';
import { checkKeyShape, hashApiKey } from './api-key.ts';
import type { AuthServices } from './auth-services.ts';

/** last_used_at is kept to the minute: a write per call would cost more than it tells. */
const LAST_USED_PRECISION_MS = 60_000;

function unauthenticated(services: AuthServices, problem: string): AppError {
  const { appUrl } = services.config;
  return new AppError(
    'unauthenticated',
    `${problem} Create an API key at ${appUrl}/keys and connect your ad accounts at ${appUrl}/connections, ` +
      "then send it as 'Authorization: Bearer sk_live_...'.",
  );
}

/**
 * The owner of the bearer key (or of the grant an OAuth access token came from), or 401. The key's row
 * comes from the credential cache, which every revocation, suspension or change of limits empties on
 * every instance (credential-cache.ts); expiry is judged at every call.
 */
export async function authenticate(
  services: AuthServices,
  authorization: string | undefined,
): Promise<Caller> {
  if (!authorization?.trim()) throw unauthenticated(services, 'Missing API key.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  const key = match?.[1];
  if (!key) throw unauthenticated(services, "The Authorization header must be 'Bearer <API key>'.");
  if (!key.startsWith('sk_')) return callerOfAccessToken(services, key);
  const shape = checkKeyShape(key);
  if (shape === 'malformed') {
    throw unauthenticated(
      services,
      'This is not an adops API key: keys look like sk_live_ followed by 38 letters and digits.',
    );
  }
  if (shape === 'bad_checksum') {
    throw unauthenticated(services, 'This API key is mistyped or truncated (its checksum does not match).');
  }
  const hash = hashApiKey(key);
  const found = await services.credentials.lookup(`key:${hash}`, async () => {
    const row = await findApiKeyByHash(services.storage.db, hash);
    return row && { row, limits: await keyLimits(services.storage.db, row) };
  });
  if (!found) throw unauthenticated(services, 'This API key is not recognised.');
  const { row, limits } = found;
  const now = services.clock.now();
  if (row.revoked_at !== null) throw unauthenticated(services, 'This API key was revoked.');
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) {
    throw unauthenticated(services, `This API key expired on ${row.expires_at.slice(0, 10)}.`);
  }
  const caller: Caller = {
    userId: row.user_id,
    email: row.email,
    tier: row.tier,
    apiKeyId: row.id,
    limits,
  };
  refuseIfAgentsStopped(services, row.agents_stopped_at, caller);
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_PRECISION_MS) {
    await touchApiKey(services.storage.db, row.id, now);
    row.last_used_at = now.toISOString();
  }
  return caller;
}
