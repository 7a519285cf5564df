import type { Caller } from '../caller.ts';
import { limitsOfRow } from '../key-limits.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import { findApiKeyById, keyLimits } from '../storage/api-keys.ts';
import { findOAuthGrant } from '../storage/oauth-grants.ts';
import type { Approval, User } from '../storage/schema.ts';
import { keyStatus } from './key-status.ts';

/**
 * The key or app that asked for an approval, as it stands now: an approved change is applied by its
 * limits of now, never by the ones it had when it asked, and not at all once it is gone or agents are
 * stopped.
 */
export type Requester =
  | { live: true; caller: Caller }
  | { live: false; code: 'unauthenticated' | 'agents_stopped'; reason: string };

function at(time: string): string {
  return `${time.slice(0, 16).replace('T', ' ')} UTC`;
}

export async function requesterNow(
  services: PipelineServices,
  approval: Approval,
  owner: User,
): Promise<Requester> {
  const { db } = services.storage;
  const now = services.clock.now();
  if (owner.agents_stopped_at) {
    return {
      live: false,
      code: 'agents_stopped',
      reason:
        `The owner stopped all agents at ${at(owner.agents_stopped_at)}: a change ${approval.requested_by} ` +
        'asked for is not applied while they are stopped. Resume agents, then ask the agent to make it again.',
    };
  }
  const base = { userId: owner.id, email: owner.email, tier: owner.tier };
  if (approval.api_key_id) {
    const key = await findApiKeyById(db, approval.api_key_id);
    const status = key ? keyStatus(key, now) : 'revoked';
    if (!key || status !== 'active') {
      const when = key?.revoked_at ?? key?.expires_at;
      return {
        live: false,
        code: 'unauthenticated',
        reason:
          `The ${approval.requested_by} that asked for this change was ${status}` +
          `${when ? ` at ${at(when)}` : ''}: a key that can no longer call cannot have its change applied.`,
      };
    }
    return { live: true, caller: { ...base, apiKeyId: key.id, limits: await keyLimits(db, key) } };
  }
  if (approval.oauth_grant_id && approval.oauth_client_id) {
    const grant = await findOAuthGrant(db, approval.oauth_grant_id);
    if (!grant || grant.revoked_at) {
      return {
        live: false,
        code: 'unauthenticated',
        reason:
          `The ${approval.requested_by} that asked for this change was revoked` +
          `${grant?.revoked_at ? ` at ${at(grant.revoked_at)}` : ''}: its change is not applied.`,
      };
    }
    return {
      live: true,
      caller: {
        ...base,
        apiKeyId: null,
        oauth: { clientId: grant.client_id, clientName: grant.client_name, grantId: grant.id },
        limits: limitsOfRow(grant),
      },
    };
  }
  return {
    live: true,
    caller: { ...base, apiKeyId: null, limits: limitsOfRow(JSON.parse(approval.limits)) },
  };
}
