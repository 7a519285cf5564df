import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { closeServices } from '../../src/services.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { insertOAuthGrant, insertOwnedClient } from '../../src/storage/oauth-grants.ts';
import { upsertOAuthRecord } from '../../src/storage/oauth-records.ts';
import { sha256 } from '../../src/web/tokens.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { insertOldOwner, migrateUpTo } from '../support/migrations.ts';
import { quietServices } from '../support/service.ts';

const MIGRATION = '0011_unclaimed_oauth_clients';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_DIALECTS)(`${MIGRATION} on %s`, (dialect) => {
  let database: TestDatabase;
  let services: Services;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    services = quietServices(database);
  });
  afterAll(async () => {
    await closeServices(services);
    await database?.drop();
  });

  it('gives the clients no owner ever approved a day to live, and leaves the others and other records', async () => {
    const { db } = services.storage;
    await migrateUpTo(db, MIGRATION);

    // As the service stored them before: no client expired.
    const record = (model: string, id: string) =>
      upsertOAuthRecord(db, {
        model,
        idHash: sha256(id),
        payload: '{}',
        grantId: null,
        uid: null,
        expiresAt: null,
      });
    for (const id of ['flooded-1', 'flooded-2', 'granted', 'revoked', 'console']) await record('Client', id);
    await record('Grant', 'grant-kept');
    const now = new Date();
    const user = await insertOldOwner(db, 'owner@example.com', 'free', now);
    if (!user) throw new Error('no user');
    for (const [id, clientId, revokedAt] of [
      ['grant-1', 'granted', null],
      ['grant-2', 'revoked', now.toISOString()],
    ] as const) {
      await insertOAuthGrant(db, {
        id,
        user_id: user.id,
        client_id: clientId,
        client_name: clientId,
        scope: 'read',
        account_limits: null,
        budget_ceilings: null,
        created_at: now.toISOString(),
        last_used_at: null,
        revoked_at: revokedAt,
      });
    }
    await insertOwnedClient(db, {
      client_id: 'console',
      user_id: user.id,
      name: 'GPT',
      redirect_uri: 'https://chatgpt.com/aip/g-1/oauth/callback',
      created_at: now.toISOString(),
    });

    expect(await migrateToLatest(db)).toContain(MIGRATION);
    const rows = await db.selectFrom('oauth_records').select(['model', 'id_hash', 'expires_at']).execute();
    const expiryOf = (model: string, id: string) =>
      rows.find((row) => row.model === model && row.id_hash === sha256(id))?.expires_at;
    for (const id of ['flooded-1', 'flooded-2']) {
      const expiry = Date.parse(expiryOf('Client', id) ?? '');
      expect(Math.abs(expiry - (Date.now() + DAY_MS)), id).toBeLessThan(5 * 60_000);
    }
    for (const id of ['granted', 'revoked', 'console']) expect(expiryOf('Client', id), id).toBeNull();
    expect(expiryOf('Grant', 'grant-kept')).toBeNull();
  });
});
