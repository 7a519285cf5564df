import type { Kysely } from 'kysely';
import type { KeyLimitsInput } from '../auth/key-limits-input.ts';
import { type KeyLimits, rowOfLimits, type Scope, scopeCovers } from '../key-limits.ts';
import { endOAuthGrants, insertOAuthGrant, liveGrantIdsOf } from '../storage/oauth-grants.ts';
import type { Database } from '../storage/schema.ts';
import { OwnerError } from './owner-error.ts';
import { ownerLimits } from './owner-limits.ts';

/**
 * What an owner grants an app that signs in with OAuth: limits a key could carry, as typed (OwnerError
 * when unclear), and no wider a scope than the app asked for.
 */
export async function appGrantLimits(
  db: Kysely<Database>,
  userId: string,
  input: KeyLimitsInput,
  asked: Scope,
): Promise<KeyLimits> {
  const limits = await ownerLimits(db, userId, input);
  if (!scopeCovers(asked, limits.scope))
    throw new OwnerError(`the app asked for ${asked}, so it may be given ${asked} at most`);
  return limits;
}

/**
 * Records an owner's approval of an app: it replaces the app's previous one (whose codes and tokens end),
 * so Connected apps holds one row per app with one set of limits. `saveGrant` stores the authorization
 * server's grant, once the previous ones ended, and gives its id.
 */
export async function approveApp(
  db: Kysely<Database>,
  approval: {
    userId: string;
    clientId: string;
    clientName: string;
    limits: KeyLimits;
    now: Date;
    /** The member who allowed it, for separation of duties (src/owners/separation-of-duties.ts). */
    approvedBy?: string | undefined;
  },
  saveGrant: () => Promise<string>,
): Promise<string> {
  const previous = await liveGrantIdsOf(db, approval.userId, approval.clientId);
  await endOAuthGrants(db, previous, approval.now);
  const grantId = await saveGrant();
  // An app is not limited to a client (docs/teams.md): its grant has the accounts it was given.
  const { agency_client_id: _client, ...limits } = rowOfLimits(approval.limits);
  await insertOAuthGrant(db, {
    id: grantId,
    user_id: approval.userId,
    client_id: approval.clientId,
    client_name: approval.clientName,
    ...limits,
    approved_by: approval.approvedBy ?? null,
    created_at: approval.now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  });
  return grantId;
}
