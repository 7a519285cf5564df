import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export async function findTotp(db: Kysely<Database>, personId: string) {
  return db.selectFrom('person_totp').selectAll().where('person_id', '=', personId).executeTakeFirst();
}

/** A new secret waiting for its first code; it replaces any the person had (a set-up begun again). */
export async function putUnconfirmedTotp(db: Kysely<Database>, personId: string, secret: string, now: Date) {
  await db.deleteFrom('person_totp').where('person_id', '=', personId).execute();
  await db.deleteFrom('person_recovery_codes').where('person_id', '=', personId).execute();
  await db
    .insertInto('person_totp')
    .values({
      person_id: personId,
      secret,
      created_at: now.toISOString(),
      confirmed_at: null,
      last_step: null,
    })
    .execute();
}

/** Records the step a code was accepted for; false when that step (or a later one) was used already. */
export async function claimTotpStep(db: Kysely<Database>, personId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('person_totp')
    .set({ last_step: step })
    .where('person_id', '=', personId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function confirmTotp(
  db: Kysely<Database>,
  personId: string,
  codeHashes: string[],
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('person_totp')
      .set({ confirmed_at: now.toISOString() })
      .where('person_id', '=', personId)
      .execute();
    await trx
      .insertInto('person_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ code_hash, person_id: personId, used_at: null })))
      .execute();
  });
}

/** Uses a recovery code of the person once; false when it is not theirs or was used. */
export async function claimRecoveryCode(
  db: Kysely<Database>,
  personId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('person_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', codeHash)
    .where('person_id', '=', personId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, personId: string): Promise<number> {
  const row = await db
    .selectFrom('person_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('person_id', '=', personId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteTotp(db: Kysely<Database>, personId: string): Promise<void> {
  await db.deleteFrom('person_recovery_codes').where('person_id', '=', personId).execute();
  await db.deleteFrom('person_totp').where('person_id', '=', personId).execute();
}
