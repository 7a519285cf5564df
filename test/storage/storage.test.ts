import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/auth/api-key.ts';
import { addSandboxAccount, listAdAccounts, listConnections } from '../../src/storage/accounts.ts';
import { findApiKeyByHash, insertApiKey, listApiKeys, revokeApiKey } from '../../src/storage/api-keys.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import {
  claimIdempotencyKey,
  deleteExpired,
  recordIdempotentOutcome,
  releaseIdempotencyKey,
} from '../../src/storage/idempotency.ts';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/storage/migrate.ts';
import { quotaUsed, releaseQuotaUnit, reserveQuotaUnit } from '../../src/storage/quota.ts';
import { createUser, findUserByEmail, setUserTier } from '../../src/storage/users.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');

describe.each(TEST_DIALECTS)('storage on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    storage = openStorage(database.url);
    expect(await migrateToLatest(storage.db)).toEqual(MIGRATION_NAMES);
  });

  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('applies migrations once', async () => {
    expect(await migrateToLatest(storage.db)).toEqual([]);
  });

  it('keeps users with unique, case-folded emails and a tier', async () => {
    const user = await createUser(storage.db, 'Ann@Example.com', 'free', NOW);
    expect((await findUserByEmail(storage.db, 'ann@example.COM'))?.id).toBe(user.id);
    await setUserTier(storage.db, user.id, 'pro');
    expect((await findUserByEmail(storage.db, 'ann@example.com'))?.tier).toBe('pro');
    await expect(createUser(storage.db, 'ann@example.com', 'free', NOW)).rejects.toThrow();
  });

  it('stores API keys by hash only and revokes them once', async () => {
    const user = await createUser(storage.db, 'keys@example.com', 'free', NOW);
    const secret = generateApiKey();
    const row = await insertApiKey(storage.db, {
      userId: user.id,
      name: 'ci',
      prefix: secret.prefix,
      hash: secret.hash,
      expiresAt: null,
      now: NOW,
    });
    const found = await findApiKeyByHash(storage.db, secret.hash);
    expect(found).toMatchObject({ id: row.id, email: 'keys@example.com', tier: 'free', revoked_at: null });
    expect(JSON.stringify(await listApiKeys(storage.db, user.id))).not.toContain(secret.key);
    expect(await revokeApiKey(storage.db, row.id, NOW)).toBe(true);
    expect(await revokeApiKey(storage.db, row.id, NOW)).toBe(false);
    expect((await findApiKeyByHash(storage.db, secret.hash))?.revoked_at).toBe(NOW.toISOString());
  });

  it('gives sandbox accounts one connection per platform', async () => {
    const user = await createUser(storage.db, 'accounts@example.com', 'free', NOW);
    const fields = { userId: user.id, platform: 'social' as const, name: 'A', currency: 'EUR', now: NOW };
    await addSandboxAccount(storage.db, { ...fields, accountId: 'act_1' });
    await addSandboxAccount(storage.db, { ...fields, accountId: 'act_2' });
    await expect(addSandboxAccount(storage.db, { ...fields, accountId: 'act_2' })).rejects.toThrow();
    expect((await listAdAccounts(storage.db, user.id, 'social')).map((a) => a.account_id)).toEqual([
      'act_1',
      'act_2',
    ]);
    expect(await listAdAccounts(storage.db, user.id, 'video')).toEqual([]);
    const connections = await listConnections(storage.db, user.id);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ platform: 'social', mode: 'sandbox', status: 'active' });
  });

  describe('quota', () => {
    it('never goes past the limit and gives units back', async () => {
      const user = await createUser(storage.db, 'quota@example.com', 'free', NOW);
      expect(await reserveQuotaUnit(storage.db, user.id, '2026-11', 2)).toBe(1);
      expect(await reserveQuotaUnit(storage.db, user.id, '2026-11', 2)).toBe(2);
      expect(await reserveQuotaUnit(storage.db, user.id, '2026-11', 2)).toBeNull();
      await releaseQuotaUnit(storage.db, user.id, '2026-11');
      expect(await quotaUsed(storage.db, user.id, '2026-11')).toBe(1);
      expect(await quotaUsed(storage.db, user.id, '2026-12')).toBe(0);
      expect(await reserveQuotaUnit(storage.db, user.id, '2026-12', 0)).toBeNull();
    });

    it('grants exactly the limit to 50 concurrent reservations from two connection pools', async () => {
      const user = await createUser(storage.db, 'race@example.com', 'free', NOW);
      const other = openStorage(database.url);
      try {
        const attempts = Array.from({ length: 50 }, (_, i) =>
          reserveQuotaUnit((i % 2 ? other : storage).db, user.id, '2026-11', 10),
        );
        const results = await Promise.all(attempts);
        expect(results.filter((r) => r !== null)).toHaveLength(10);
        expect(new Set(results.filter((r) => r !== null))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
        expect(await quotaUsed(storage.db, user.id, '2026-11')).toBe(10);
      } finally {
        await other.close();
      }
    });
  });

  describe('idempotency records', () => {
    const base = { tool: 'probe', fingerprint: 'f1', lockSeconds: 300, ttlHours: 24 };

    it('claims once, replays the recorded outcome, and refuses other arguments', async () => {
      const user = await createUser(storage.db, 'idem@example.com', 'free', NOW);
      const request = { ...base, userId: user.id, key: 'k1', now: NOW };
      const first = await claimIdempotencyKey(storage.db, request);
      expect(first.kind).toBe('claimed');
      expect(await claimIdempotencyKey(storage.db, request)).toEqual({ kind: 'in_flight' });
      if (first.kind !== 'claimed') throw new Error('unreachable');
      await recordIdempotentOutcome(storage.db, user.id, 'k1', first.lockToken, '{"ok":true}');
      expect(await claimIdempotencyKey(storage.db, request)).toEqual({
        kind: 'replay',
        outcome: '{"ok":true}',
      });
      expect(await claimIdempotencyKey(storage.db, { ...request, fingerprint: 'f2' })).toEqual({
        kind: 'mismatch',
        tool: 'probe',
      });
    });

    it('lets a released key run again and scopes keys to their owner', async () => {
      const ann = await createUser(storage.db, 'idem-ann@example.com', 'free', NOW);
      const bob = await createUser(storage.db, 'idem-bob@example.com', 'free', NOW);
      const claim = await claimIdempotencyKey(storage.db, {
        ...base,
        userId: ann.id,
        key: 'shared',
        now: NOW,
      });
      expect(
        (await claimIdempotencyKey(storage.db, { ...base, userId: bob.id, key: 'shared', now: NOW })).kind,
      ).toBe('claimed');
      if (claim.kind !== 'claimed') throw new Error('unreachable');
      await releaseIdempotencyKey(storage.db, ann.id, 'shared', claim.lockToken);
      expect(
        (await claimIdempotencyKey(storage.db, { ...base, userId: ann.id, key: 'shared', now: NOW })).kind,
      ).toBe('claimed');
    });

    it('takes over the lock of a crashed attempt only after it expires, once', async () => {
      const user = await createUser(storage.db, 'idem-crash@example.com', 'free', NOW);
      const request = { ...base, userId: user.id, key: 'crash' };
      const first = await claimIdempotencyKey(storage.db, { ...request, now: NOW });
      expect(first.kind).toBe('claimed');
      const beforeExpiry = new Date(NOW.getTime() + 299_000);
      expect(await claimIdempotencyKey(storage.db, { ...request, now: beforeExpiry })).toEqual({
        kind: 'in_flight',
      });
      const afterExpiry = new Date(NOW.getTime() + 301_000);
      const racers = await Promise.all([
        claimIdempotencyKey(storage.db, { ...request, now: afterExpiry }),
        claimIdempotencyKey(storage.db, { ...request, now: afterExpiry }),
      ]);
      expect(racers.map((c) => c.kind).sort()).toEqual(['claimed', 'in_flight']);
      // The crashed attempt's late settle must not overwrite the new owner's record.
      if (first.kind !== 'claimed') throw new Error('unreachable');
      await recordIdempotentOutcome(storage.db, user.id, 'crash', first.lockToken, '{"stale":true}');
      expect(await claimIdempotencyKey(storage.db, { ...request, now: afterExpiry })).toEqual({
        kind: 'in_flight',
      });
    });

    it('forgets records after their retention', async () => {
      const user = await createUser(storage.db, 'idem-ttl@example.com', 'free', NOW);
      const request = { ...base, userId: user.id, key: 'ttl', now: NOW };
      const claim = await claimIdempotencyKey(storage.db, request);
      if (claim.kind !== 'claimed') throw new Error('unreachable');
      await recordIdempotentOutcome(storage.db, user.id, 'ttl', claim.lockToken, '{}');
      const dayLater = new Date(NOW.getTime() + 24 * 3600_000 + 1000);
      expect(await deleteExpired(storage.db, new Date(NOW.getTime() + 3600_000))).toBe(0);
      // An expired record is replaced by a new claim even before the sweep runs.
      expect(
        (await claimIdempotencyKey(storage.db, { ...request, fingerprint: 'other', now: dayLater })).kind,
      ).toBe('claimed');
      expect(
        await deleteExpired(storage.db, new Date(dayLater.getTime() + 25 * 3600_000)),
      ).toBeGreaterThanOrEqual(1);
    });
  });
});
