import type { Kysely } from 'kysely';
import { roleAllows } from '../roles.ts';
import { findApiKeyById } from '../storage/api-keys.ts';
import { listMembers } from '../storage/memberships.ts';
import { findOAuthGrant } from '../storage/oauth-grants.ts';
import type { Approval, Database } from '../storage/schema.ts';
import type { ActingMember } from './owner-caller.ts';
import { OwnerError } from './owner-error.ts';

/** A member asked to approve a change their own key asked for, while another member could approve it. */
export class OwnApprovalError extends OwnerError {}

/** The key or app that asked, and the member who made the key or allowed the app. */
async function askedThrough(db: Kysely<Database>, approval: Approval) {
  if (approval.api_key_id) {
    const key = await findApiKeyById(db, approval.api_key_id);
    return key && { words: `made the key “${key.name}”`, by: key.created_by };
  }
  if (approval.oauth_grant_id) {
    const grant = await findOAuthGrant(db, approval.oauth_grant_id);
    return grant && { words: `allowed the app “${grant.client_name}”`, by: grant.approved_by };
  }
  return undefined;
}

/**
 * No one approves a change they asked for through a key they made or an app they allowed: another approver
 * of the workspace does.
 * Alone in the workspace (no other member may approve), the member keeps deciding, as an owner always did.
 * Rejecting stays open to them: it spends nothing, like a stop.
 */
export async function refuseOwnApproval(
  db: Kysely<Database>,
  approval: Approval,
  member: ActingMember | undefined,
): Promise<void> {
  if (!member) return;
  const asked = await askedThrough(db, approval);
  if (!asked || asked.by !== member.personId) return;
  const others = (await listMembers(db, approval.user_id)).filter(
    (other) => other.person_id !== member.personId && roleAllows(other.role, 'approver'),
  );
  if (others.length === 0) return;
  throw new OwnApprovalError(
    `You ${asked.words} that asked for this change, so another member approves it: ${others
      .map((other) => other.email)
      .join(', ')}. You may still reject it.`,
  );
}
