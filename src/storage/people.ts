import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import type { Database, Person } from './schema.ts';

export async function findPersonByEmail(db: Kysely<Database>, email: string): Promise<Person | undefined> {
  return db
    .selectFrom('people')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findPersonById(db: Kysely<Database>, id: string): Promise<Person | undefined> {
  return db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The person with this address, made (without a password) when there is none. */
export async function ensurePerson(
  db: Kysely<Database>,
  email: string,
  now: Date,
  id: string = newId('per'),
): Promise<Person> {
  const address = email.trim().toLowerCase();
  await db
    .insertInto('people')
    .values({ id, email: address, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
  const person = await findPersonByEmail(db, address);
  if (!person) throw new Error(`the person ${address} was neither found nor made`);
  return person;
}

export async function savePasswordHash(
  db: Kysely<Database>,
  personId: string,
  hash: string,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insertInto('person_passwords')
    .values({ person_id: personId, hash, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('person_id').doUpdateSet({ hash, updated_at: updatedAt }))
    .execute();
}

export async function findPasswordHash(db: Kysely<Database>, personId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('person_passwords')
    .select('hash')
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return row?.hash;
}
