import type { Kysely } from 'kysely';
import type { Tier } from '../config.ts';
import { newId } from '../ids.ts';
import { isRole, ROLES, type Role } from '../roles.ts';
import { claimInvitation, findInvitationByTokenHash, insertInvitation } from '../storage/invitations.ts';
import {
  countAdmins,
  deleteMembership,
  findMembership,
  lockWorkspace,
  type MemberRow,
  putMembership,
} from '../storage/memberships.ts';
import { ensurePerson, findPersonByEmail } from '../storage/people.ts';
import type { Database, Invitation, Person, User } from '../storage/schema.ts';
import { createUser, findUserByEmail } from '../storage/users.ts';
import { randomToken, sha256 } from '../web/tokens.ts';
import { OwnerError } from './owner-error.ts';

/** How long an invitation link opens: long enough for a week away, short enough that a lost link dies. */
export const INVITATION_DAYS = 7;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/;
const MAX_NAME_LENGTH = 100;

export function requireRole(value: unknown): Role {
  if (isRole(value)) return value;
  throw new OwnerError(`The role "${String(value)}" is not one of ${ROLES.join(', ')}`);
}

function requireEmail(email: string): string {
  const address = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(address)) throw new OwnerError(`"${email}" is not an email address`);
  return address;
}

/**
 * A new workspace named `name` with `admin` (made without a password when new) as its admin; `email` is the
 * workspace's own address, unique, by which the CLI names it.
 */
export async function createWorkspace(
  db: Kysely<Database>,
  options: { email: string; name?: string; tier: Tier; admin?: string },
  now: Date,
): Promise<{ workspace: User; admin: Person }> {
  const email = requireEmail(options.email);
  const adminEmail = requireEmail(options.admin ?? email);
  const name = options.name?.trim() || email;
  if (name.length > MAX_NAME_LENGTH)
    throw new OwnerError(`Name the workspace in at most ${MAX_NAME_LENGTH} characters`);
  if (await findUserByEmail(db, email)) throw new OwnerError(`A workspace with the address ${email} exists`);
  return db.transaction().execute(async (trx) => {
    const workspace = await createUser(trx, email, options.tier, now, name);
    const admin = await ensurePerson(trx, adminEmail, now);
    await putMembership(trx, workspace.id, admin.id, 'admin', now);
    return { workspace, admin };
  });
}

export interface NewInvitation {
  invitation: Invitation;
  /** The link, shown once to the admin who invited: only its hash is kept. */
  link: string;
}

/** An invitation of `email` to the workspace as `role`, opened by a link for INVITATION_DAYS days. */
export async function inviteMember(
  db: Kysely<Database>,
  options: { workspace: User; email: string; role: unknown; invitedBy: string | null; appUrl: string },
  now: Date,
): Promise<NewInvitation> {
  const email = requireEmail(options.email);
  const role = requireRole(options.role);
  const person = await findPersonByEmail(db, email);
  const membership = person && (await findMembership(db, options.workspace.id, person.id));
  if (membership)
    throw new OwnerError(`${email} is already a member of ${options.workspace.name}, as ${membership.role}`);
  const token = randomToken();
  const invitation: Invitation = {
    id: newId('inv'),
    token_hash: sha256(token),
    workspace_id: options.workspace.id,
    email,
    role,
    invited_by: options.invitedBy,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
    accepted_at: null,
    revoked_at: null,
  };
  await insertInvitation(db, invitation);
  return { invitation, link: `${options.appUrl.replace(/\/$/, '')}/invitations/${token}` };
}

export type InvitationState = 'open' | 'accepted' | 'revoked' | 'expired';

export function invitationState(invitation: Invitation, now: Date): InvitationState {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  return invitation.expires_at <= now.toISOString() ? 'expired' : 'open';
}

/** The invitation a link's token opens, whatever its state; undefined for a token nobody was given. */
export async function findInvitation(db: Kysely<Database>, token: string) {
  return findInvitationByTokenHash(db, sha256(token));
}

/**
 * Makes `person` a member as the invitation says, once: a second use, a withdrawn or an expired link
 * changes nothing. The person must be the one invited (the same address).
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  invitation: Invitation,
  person: Person,
  now: Date,
): Promise<void> {
  if (person.email !== invitation.email)
    throw new OwnerError(`This invitation is for ${invitation.email}; you are signed in as ${person.email}`);
  await db.transaction().execute(async (trx) => {
    if (!(await claimInvitation(trx, invitation.id, now)))
      throw new OwnerError(
        'This invitation was used, withdrawn or has expired. Ask the admin for a new one.',
      );
    // Accepting never lowers a role the person already has there.
    const current = await findMembership(trx, invitation.workspace_id, person.id);
    if (!current || ROLES.indexOf(current.role as Role) < ROLES.indexOf(invitation.role as Role))
      await putMembership(trx, invitation.workspace_id, person.id, invitation.role, now);
  });
}

/** The person and their membership, or an OwnerError naming the address. */
export async function requireMember(db: Kysely<Database>, workspace: User, email: string) {
  const person = await findPersonByEmail(db, email);
  const membership = person && (await findMembership(db, workspace.id, person.id));
  if (!person || !membership) throw new OwnerError(`${email} is not a member of ${workspace.name}`);
  return { person, membership };
}

/**
 * A workspace always keeps an admin: the last one can be neither demoted nor removed. Run in the
 * transaction of the change, with the workspace locked: two admins demoting each other at once are one
 * after the other, and the second is refused.
 */
async function refuseLosingTheLastAdmin(trx: Kysely<Database>, workspace: User, role: string) {
  await lockWorkspace(trx, workspace.id);
  if (role === 'admin' && (await countAdmins(trx, workspace.id)) === 1)
    throw new OwnerError(`This is the last admin of ${workspace.name}: make another member admin first`);
}

export async function setMemberRole(
  db: Kysely<Database>,
  workspace: User,
  email: string,
  role: unknown,
  now: Date,
): Promise<MemberRow> {
  const next = requireRole(role);
  return db.transaction().execute(async (trx) => {
    const { person, membership } = await requireMember(trx, workspace, email);
    if (next !== 'admin') await refuseLosingTheLastAdmin(trx, workspace, membership.role);
    await putMembership(trx, workspace.id, person.id, next, now);
    return { person_id: person.id, email: person.email, role: next, created_at: membership.created_at };
  });
}

export async function removeMember(db: Kysely<Database>, workspace: User, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { person, membership } = await requireMember(trx, workspace, email);
    await refuseLosingTheLastAdmin(trx, workspace, membership.role);
    await deleteMembership(trx, workspace.id, person.id);
  });
}
