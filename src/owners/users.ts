import type { Kysely } from 'kysely';
import type { Tier } from '../config.ts';
import type { Database, User } from '../storage/schema.ts';
import { findUserByEmail, setUserTier } from '../storage/users.ts';
import { createWorkspace } from './members.ts';
import { OwnerError } from './owner-error.ts';

export async function requireUser(db: Kysely<Database>, email: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (!user)
    throw new OwnerError(
      `No user with email ${email}. Create one with: npx adops users create --email ${email}`,
    );
  return user;
}

/**
 * An owner the operator makes (`adops users create`): a workspace with this address and its admin of the
 * same address, without a password; owners sign up in the console.
 */
export async function createOwner(db: Kysely<Database>, email: string, tier: Tier, now: Date): Promise<User> {
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new OwnerError(`--email "${email}" is not an email address`);
  if (await findUserByEmail(db, email)) throw new OwnerError(`A user with email ${email} already exists`);
  return (await createWorkspace(db, { email, tier }, now)).workspace;
}

/** Moves an owner to another tier: its call quota and number of active keys apply from now on. */
export async function setTier(db: Kysely<Database>, email: string, tier: Tier): Promise<User> {
  const user = await requireUser(db, email);
  await setUserTier(db, user.id, tier);
  return { ...user, tier };
}
