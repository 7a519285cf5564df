import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';

/** A row of the table group commit is tried on: an owner, whose email is unique. */
function owner(id: string, email = `${id}@example.com`) {
  return { id, email, tier: 'free', created_at: '2026-11-27T00:00:00.000Z' };
}

/**
 * `storage.transact` on each dialect: on SQLite the transactions asked for together share one commit
 * (group-commit.ts), and must still behave as transactions of their own.
 */
describe.each(TEST_DIALECTS)('storage.transact on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;
  /** Another connection to the same database: what it sees is committed. */
  let reader: Storage;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    storage = openStorage(database.url);
    await migrateToLatest(storage.db);
    reader = openStorage(database.url);
  });

  afterAll(async () => {
    await storage?.close();
    await reader?.close();
    await database?.drop();
  });

  it('answers each of many concurrent transactions with its own value, once committed', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `user_${dialect}_${i}`);
    const seenOnAnswer = await Promise.all(
      ids.map((id, i) =>
        storage
          .transact(async (trx) => {
            await trx.insertInto('users').values(owner(id)).execute();
            return i;
          })
          .then(async (value) => {
            const row = await reader.db
              .selectFrom('users')
              .select('id')
              .where('id', '=', id)
              .executeTakeFirst();
            return { value, committed: row !== undefined };
          }),
      ),
    );
    expect(seenOnAnswer).toEqual(ids.map((_, i) => ({ value: i, committed: true })));
  });

  it('rolls back a failing transaction alone, the others of its batch kept', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `partial_${dialect}_${i}`);
    const outcomes = await Promise.allSettled(
      ids.map((id, i) =>
        storage.transact(async (trx) => {
          await trx.insertInto('users').values(owner(id)).execute();
          if (i === 4) throw new Error('the fifth fails after its write');
          return id;
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      ids.map((_, i) => (i === 4 ? 'rejected' : 'fulfilled')),
    );
    expect((outcomes[4] as PromiseRejectedResult).reason.message).toBe('the fifth fails after its write');
    const rows = await reader.db
      .selectFrom('users')
      .select('id')
      .where('id', 'like', `partial_${dialect}_%`)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.id)).toEqual(ids.filter((_, i) => i !== 4).sort());
  });

  it('fails the transactions whose writes conflict, and only those', async () => {
    const outcomes = await Promise.allSettled(
      [1, 2].map((n) =>
        storage.transact((trx) =>
          trx
            .insertInto('users')
            .values(owner(`conflict_${dialect}_${n}`, `same-${dialect}@example.com`))
            .execute(),
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
