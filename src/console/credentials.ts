import type { Kysely } from 'kysely';
import { OwnerError } from '../owners.ts';
import { deleteUserConsoleSessions } from '../storage/console-sessions.ts';
import type { Database, User } from '../storage/schema.ts';
import { findPasswordHash, savePasswordHash } from '../storage/user-passwords.ts';
import { createUser, findUserByEmail } from '../storage/users.ts';
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from './passwords.ts';

export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The owner these credentials belong to, or undefined; as slow for an unknown email as for a wrong password. */
export async function checkCredentials(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<User | undefined> {
  const user = await findUserByEmail(db, email);
  const hash = user && (await findPasswordHash(db, user.id));
  if (!user || !hash) return verifyAgainstDecoy(password).then(() => undefined);
  return (await verifyPassword(password, hash)) ? user : undefined;
}

/** A new free-tier owner with a password, both or neither. */
export async function signUp(
  db: Kysely<Database>,
  email: string,
  password: string,
  now: Date,
): Promise<User> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const user = await createUser(trx, email, 'free', now);
    await savePasswordHash(trx, user.id, hash, now);
    return user;
  });
}

/** Sets (or replaces) an owner's password and signs them out of every console session. */
export async function setUserPassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
  now: Date,
): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new OwnerError(`The password is refused: ${problem}`);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await savePasswordHash(trx, userId, hash, now);
    await deleteUserConsoleSessions(trx, userId);
  });
}
