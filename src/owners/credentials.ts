import type { Kysely } from 'kysely';
import { deletePersonConsoleSessions } from '../storage/console-sessions.ts';
import { putMembership } from '../storage/memberships.ts';
import { ensurePerson, findPasswordHash, findPersonByEmail, savePasswordHash } from '../storage/people.ts';
import type { Database, Person, User } from '../storage/schema.ts';
import { createUser } from '../storage/users.ts';
import { OwnerError } from './owner-error.ts';
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from './passwords.ts';

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The person these credentials belong to, or undefined; as slow for an unknown email as for a wrong password. */
export async function checkCredentials(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<Person | undefined> {
  const person = await findPersonByEmail(db, email);
  const hash = person && (await findPasswordHash(db, person.id));
  if (!person || !hash) return verifyAgainstDecoy(password).then(() => undefined);
  return (await verifyPassword(password, hash)) ? person : undefined;
}

/** Why a sign-up is refused: the email, the password, or an account that has this email already. */
export class SignUpError extends OwnerError {
  readonly reason: 'email' | 'password' | 'taken';

  constructor(reason: SignUpError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A new free-tier workspace and its admin with a password, all or nothing; refused with SignUpError. */
export async function signUp(
  db: Kysely<Database>,
  email: string,
  password: string,
  now: Date,
): Promise<{ workspace: User; person: Person }> {
  if (!EMAIL_PATTERN.test(email))
    throw new SignUpError('email', 'Enter an email address like you@example.com.');
  const problem = passwordProblem(password);
  if (problem) throw new SignUpError('password', `Choose another password: ${problem}`);
  const hash = await hashPassword(password);
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findPersonByEmail(trx, email)) throw new Error('unique: a person has this email');
      const workspace = await createUser(trx, email, 'free', now);
      const person = await ensurePerson(trx, email, now);
      await putMembership(trx, workspace.id, person.id, 'admin', now);
      await savePasswordHash(trx, person.id, hash, now);
      return { workspace, person };
    });
  } catch (error) {
    if (!/unique|duplicate/i.test(String(error))) throw error;
    throw new SignUpError('taken', 'An account with this email exists.');
  }
}

/** Sets (or replaces) a person's password and signs them out of every console session. */
export async function setPersonPassword(
  db: Kysely<Database>,
  personId: string,
  password: string,
  now: Date,
): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new OwnerError(`The password is refused: ${problem}`);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await savePasswordHash(trx, personId, hash, now);
    await deletePersonConsoleSessions(trx, personId);
  });
}
