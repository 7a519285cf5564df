import type { Kysely } from 'kysely';
import { deleteUserConsoleSessions } from '../storage/console-sessions.ts';
import type { Database, User } from '../storage/schema.ts';
import { findPasswordHash, savePasswordHash } from '../storage/user-passwords.ts';
import { createUser, findUserByEmail } from '../storage/users.ts';
import { OwnerError } from './owner-error.ts';
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from './passwords.ts';

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

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

/** Why a sign-up is refused: the email, the password, or an account that has this email already. */
export class SignUpError extends OwnerError {
  readonly reason: 'email' | 'password' | 'taken';

  constructor(reason: SignUpError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A new free-tier owner with a password, both or neither; refused with SignUpError. */
export async function signUp(
  db: Kysely<Database>,
  email: string,
  password: string,
  now: Date,
): Promise<User> {
  if (!EMAIL_PATTERN.test(email))
    throw new SignUpError('email', 'Enter an email address like you@example.com.');
  const problem = passwordProblem(password);
  if (problem) throw new SignUpError('password', `Choose another password: ${problem}`);
  const hash = await hashPassword(password);
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await createUser(trx, email, 'free', now);
      await savePasswordHash(trx, user.id, hash, now);
      return user;
    });
  } catch (error) {
    if (!/unique|duplicate/i.test(String(error))) throw error;
    throw new SignUpError('taken', 'An account with this email exists.');
  }
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
