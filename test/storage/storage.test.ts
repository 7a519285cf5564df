import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/auth/api-key.ts';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { addSandboxAccount, listAdAccounts, listConnections } from '../../src/storage/accounts.ts';
import { findApiKeyByHash, insertApiKey, listApiKeys, revokeApiKey } from '../../src/storage/api-keys.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import {
  abandonClaim,
  type Claim,
  claimIdempotencyKey,
  deleteExpired,
  recordIdempotentOutcome,
  releaseIdempotencyKey,
  renewClaim,
  saveRecovery,
} from '../../src/storage/idempotency.ts';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/storage/migrate.ts';
import {
  quotaUsage,
  quotaUsed,
  reclaimExpiredHolds,
  reserveQuotaHold,
  settleQuotaHold,
} from '../../src/storage/quota.ts';
import type { Database } from '../../src/storage/schema.ts';
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
      createdBy: null,
      userId: user.id,
      name: 'ci',
      prefix: secret.prefix,
      hash: secret.hash,
      expiresAt: null,
      limits: DEFAULT_LIMITS,
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
    const hold = (
      userId: string,
      period: string,
      limit: number,
      leaseUntil = '2026-11-22T10:00:10.000Z',
    ) => ({
      holdId: `hold_${randomUUID()}`,
      userId,
      period,
      limit,
      leaseUntil,
      now: NOW.toISOString(),
    });
    const settle = (db: Kysely<Database>, holdId: string, billed: boolean) =>
      db.transaction().execute((trx) => settleQuotaHold(trx, holdId, billed));

    it('never holds past the limit, bills successes and gives failures back', async () => {
      const user = await createUser(storage.db, 'quota@example.com', 'free', NOW);
      const first = hold(user.id, '2026-11', 2);
      const second = hold(user.id, '2026-11', 2);
      expect(await reserveQuotaHold(storage.transact, first)).toEqual({ ok: true, counted: 1 });
      expect(await reserveQuotaHold(storage.transact, second)).toEqual({ ok: true, counted: 2 });
      expect(await reserveQuotaHold(storage.transact, hold(user.id, '2026-11', 2))).toEqual({
        ok: false,
        used: 0,
        held: 2,
      });
      // Each settlement answers the period's used units after it; a hold already gone answers nothing.
      expect(await settle(storage.db, first.holdId, true)).toBe(1);
      expect(await settle(storage.db, second.holdId, false)).toBe(1);
      expect(await settle(storage.db, second.holdId, true)).toBeUndefined();
      expect(await quotaUsage(storage.db, user.id, '2026-11')).toEqual({ used: 1, held: 0 });
      expect(await quotaUsed(storage.db, user.id, '2026-12')).toBe(0);
      expect((await reserveQuotaHold(storage.transact, hold(user.id, '2026-12', 0))).ok).toBe(false);
    });

    it('gives back the units of holds whose lease ran out, and only those', async () => {
      const user = await createUser(storage.db, 'quota-dead@example.com', 'free', NOW);
      const dead = hold(user.id, '2026-11', 3, '2026-11-22T10:00:05.000Z');
      const live = hold(user.id, '2026-11', 3, '2026-11-22T10:00:30.000Z');
      await reserveQuotaHold(storage.transact, dead);
      await reserveQuotaHold(storage.transact, live);
      expect(await reclaimExpiredHolds(storage.db, '2026-11-22T10:00:06.000Z', user.id)).toBe(1);
      expect(await quotaUsage(storage.db, user.id, '2026-11')).toEqual({ used: 0, held: 1 });
      // The crashed call's late settlement finds nothing to settle; the live one still bills.
      expect(await settle(storage.db, dead.holdId, true)).toBeUndefined();
      expect(await settle(storage.db, live.holdId, true)).toBe(1);
      expect(await quotaUsage(storage.db, user.id, '2026-11')).toEqual({ used: 1, held: 0 });
    });

    it('grants exactly the limit to 50 concurrent reservations from two connection pools', async () => {
      const user = await createUser(storage.db, 'race@example.com', 'free', NOW);
      // SQLite has one writer: two handles in one process would wait on each other while blocking the
      // event loop, so there the race runs on one handle (test/cli covers two processes on one file).
      const other = dialect === 'postgres' ? openStorage(database.url) : storage;
      try {
        const attempts = Array.from({ length: 50 }, (_, i) =>
          reserveQuotaHold((i % 2 ? other : storage).transact, hold(user.id, '2026-11', 10)),
        );
        const results = await Promise.all(attempts);
        const counted = results.flatMap((r) => (r.ok ? [r.counted] : []));
        expect(counted).toHaveLength(10);
        expect(new Set(counted)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
        expect(await quotaUsage(storage.db, user.id, '2026-11')).toEqual({ used: 0, held: 10 });
        const holds = await storage.db
          .selectFrom('quota_holds')
          .select('id')
          .where('user_id', '=', user.id)
          .execute();
        expect(holds).toHaveLength(10);
      } finally {
        if (other !== storage) await other.close();
      }
    });
  });

  describe('idempotency records', () => {
    const base = { tool: 'probe', fingerprint: 'f1', leaseSeconds: 10, ttlHours: 24 };
    const handle = (userId: string, key: string, claim: Claim) => {
      if (claim.kind !== 'claimed') throw new Error(`expected a claim, got ${claim.kind}`);
      return { userId, key, lockToken: claim.lockToken };
    };

    it('claims once, replays the recorded outcome, and refuses other arguments', async () => {
      const user = await createUser(storage.db, 'idem@example.com', 'free', NOW);
      const request = { ...base, userId: user.id, key: 'k1', now: NOW };
      const first = await claimIdempotencyKey(storage.db, request);
      expect(first.kind).toBe('claimed');
      expect(await claimIdempotencyKey(storage.db, request)).toEqual({
        kind: 'in_flight',
        retryAfterSeconds: 10,
      });
      expect(await recordIdempotentOutcome(storage.db, handle(user.id, 'k1', first), '{"ok":true}')).toBe(
        true,
      );
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
      await releaseIdempotencyKey(storage.db, handle(ann.id, 'shared', claim));
      expect(
        (await claimIdempotencyKey(storage.db, { ...base, userId: ann.id, key: 'shared', now: NOW })).kind,
      ).toBe('claimed');
    });

    it('keeps a renewed claim, and takes over a dead one once, with its recovery points', async () => {
      const user = await createUser(storage.db, 'idem-crash@example.com', 'free', NOW);
      const request = { ...base, userId: user.id, key: 'crash' };
      const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
      const first = await claimIdempotencyKey(storage.db, { ...request, now: NOW });
      const held = handle(user.id, 'crash', first);
      expect(await saveRecovery(storage.db, held, '{"group":{"begun":"x","result":"42"}}')).toBe(true);
      expect(await claimIdempotencyKey(storage.db, { ...request, now: at(7) })).toEqual({
        kind: 'in_flight',
        retryAfterSeconds: 3,
      });
      // A heartbeat moves the lease on: past the first lease the claim is still live.
      expect(await renewClaim(storage.db, held, at(17).toISOString())).toBe(true);
      expect((await claimIdempotencyKey(storage.db, { ...request, now: at(12) })).kind).toBe('in_flight');
      const racers = await Promise.all([
        claimIdempotencyKey(storage.db, { ...request, now: at(18) }),
        claimIdempotencyKey(storage.db, { ...request, now: at(18) }),
      ]);
      expect(racers.map((c) => c.kind).sort()).toEqual(['claimed', 'in_flight']);
      const winner = racers.find((c) => c.kind === 'claimed');
      expect(winner).toMatchObject({ takenOver: { recovery: '{"group":{"begun":"x","result":"42"}}' } });
      // The dead attempt's late writes change nothing now that the claim is another's.
      expect(await renewClaim(storage.db, held, at(30).toISOString())).toBe(false);
      expect(await saveRecovery(storage.db, held, '{}')).toBe(false);
      expect(await recordIdempotentOutcome(storage.db, held, '{"stale":true}')).toBe(false);
      expect((await claimIdempotencyKey(storage.db, { ...request, now: at(19) })).kind).toBe('in_flight');
    });

    it('hands an abandoned claim to the next attempt at once', async () => {
      const user = await createUser(storage.db, 'idem-abandon@example.com', 'free', NOW);
      const request = { ...base, userId: user.id, key: 'abandon', now: NOW };
      const first = await claimIdempotencyKey(storage.db, request);
      await abandonClaim(storage.db, handle(user.id, 'abandon', first), NOW);
      expect(await claimIdempotencyKey(storage.db, request)).toMatchObject({
        kind: 'claimed',
        takenOver: { lockToken: first.kind === 'claimed' ? first.lockToken : 'none', recovery: null },
      });
    });

    it('forgets records after their retention', async () => {
      const user = await createUser(storage.db, 'idem-ttl@example.com', 'free', NOW);
      const request = { ...base, userId: user.id, key: 'ttl', now: NOW };
      const claim = await claimIdempotencyKey(storage.db, request);
      await recordIdempotentOutcome(storage.db, handle(user.id, 'ttl', claim), '{}');
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
