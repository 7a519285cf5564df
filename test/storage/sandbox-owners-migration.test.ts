import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import type { Platform } from '../../src/platform-families.ts';
import { adoptLegacySandboxTokens } from '../../src/sandbox/legacy-tokens.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { hashSandboxToken } from '../../src/sandbox/tokens.ts';
import { closeServices } from '../../src/services.ts';
import { saveConnectionTokens } from '../../src/storage/connections.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import * as initial from '../../src/storage/migrations/0001_initial.ts';
import * as assetBundles from '../../src/storage/migrations/0002_asset_bundles.ts';
import * as platforms from '../../src/storage/migrations/0003_platforms.ts';
import * as consoleSignIn from '../../src/storage/migrations/0004_console.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { insertOldOwner } from '../support/migrations.ts';
import { quietServices, TestService } from '../support/service.ts';

/** The schema as it was before sandbox accounts had owners. */
const BEFORE_OWNERS = {
  '0001_initial': initial,
  '0002_asset_bundles': assetBundles,
  '0003_platforms': platforms,
  '0004_console': consoleSignIn,
};

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/**
 * A database as the unguarded consent page left it: Ann made video account X; Bob connected X too (by
 * naming it on the consent page) beside his own Y; Carol has W; nobody connected Z. Tokens: each
 * connection's, one a stranger got for X from the consent page, and an unused code for Z.
 */
async function legacyDatabase(services: Services) {
  const { db } = services.storage;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => BEFORE_OWNERS } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  const [ann, bob, carol] = await Promise.all(
    ['ann', 'bob', 'carol'].map((name) => insertOldOwner(db, `${name}@example.com`, 'pro', at(0))),
  );
  if (!ann || !bob || !carol) throw new Error('no users');
  const ids = {
    X: '7000000000000000001',
    Y: '7000000000000000002',
    Z: '7000000000000000003',
    W: '7000000000000000004',
  };
  // What the seeder of the time wrote (today's also writes activity, a table these migrations predate).
  const store = new SandboxStore(db, 'video');
  for (const [name, id] of Object.entries(ids)) {
    await store.put(
      { type: 'account', id, accountId: id, data: { name: `Account ${name}`, currency: 'USD' } },
      at(1),
    );
    const spring = {
      campaign_name: 'Spring launch',
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 100,
      operation_status: 'DISABLE',
    };
    await store.put({ type: 'campaign', id: `18${id.slice(-17)}`, accountId: id, data: spring }, at(1));
  }
  const tokens: Record<string, string> = {};
  async function token(label: string, kind: string, accountIds: string[]) {
    tokens[label] = `sbx_video_${kind}_${label}`;
    await db
      .insertInto('sandbox_tokens')
      .values({
        hash: hashSandboxToken(tokens[label]),
        platform: 'video',
        kind,
        account_ids: JSON.stringify(accountIds),
        expires_at: null,
        revoked_at: null,
        created_at: at(2).toISOString(),
      })
      .execute();
    return tokens[label];
  }
  async function connection(userId: string, label: string, accounts: Array<[string, number]>) {
    const id = `con_${label}`;
    await db
      .insertInto('connections')
      .values({
        id,
        user_id: userId,
        platform: 'video' satisfies Platform,
        mode: 'sandbox',
        status: 'active',
        token_expires_at: null,
        created_at: at(1).toISOString(),
        updated_at: at(1).toISOString(),
        access_token: null,
        refresh_token: null,
      })
      .execute();
    for (const [accountId, minute] of accounts) {
      await db
        .insertInto('ad_accounts')
        .values({
          id: `acc_${label}_${accountId}`,
          user_id: userId,
          connection_id: id,
          platform: 'video',
          account_id: accountId,
          name: 'Video',
          currency: 'USD',
          status: 'active',
          created_at: at(minute).toISOString(),
        })
        .execute();
    }
    const accessToken = await token(
      label,
      'access',
      accounts.map(([accountId]) => accountId),
    );
    await saveConnectionTokens(
      db,
      services.cipher,
      id,
      { accessToken, refreshToken: null, expiresAt: null },
      at(2),
    );
  }
  // Bob's connection is older, but Ann connected X first: the first to connect an account made it.
  await connection(bob.id, 'bob', [
    [ids.Y, 1],
    [ids.X, 5],
  ]);
  await connection(ann.id, 'ann', [[ids.X, 2]]);
  await connection(carol.id, 'carol', [[ids.W, 3]]);
  await token('stranger', 'access', [ids.X]);
  await token('code', 'code', [ids.Z]);
  return { users: { ann, bob, carol }, ids, tokens };
}

describe.each(TEST_DIALECTS)('migration 0006_sandbox_owners on %s', (dialect) => {
  let database: TestDatabase;
  let legacy: Awaited<ReturnType<typeof legacyDatabase>>;
  let service: TestService;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const services = quietServices(database);
    try {
      legacy = await legacyDatabase(services);
      await migrateToLatest(services.storage.db);
    } finally {
      await closeServices(services);
    }
    service = await TestService.start(dialect, { database });
  });
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('gives each account the owner who connected it first, and takes it from the others', async () => {
    const { db } = service.services.storage;
    const owners = await db.selectFrom('sandbox_account_owners').selectAll().orderBy('account_id').execute();
    const { ann, bob, carol } = legacy.users;
    expect(owners.map((o) => [o.account_id, o.user_id])).toEqual([
      [legacy.ids.X, ann.id],
      [legacy.ids.Y, bob.id],
      [legacy.ids.W, carol.id],
    ]);
    expect(owners[0]?.created_at).toBe(at(1).toISOString());
    const connected = await db.selectFrom('ad_accounts').select(['user_id', 'account_id']).execute();
    expect(connected.map((a) => `${a.user_id}:${a.account_id}`).sort()).toEqual(
      [`${ann.id}:${legacy.ids.X}`, `${bob.id}:${legacy.ids.Y}`, `${carol.id}:${legacy.ids.W}`].sort(),
    );
  });

  it('adopts the tokens connections hold for their owner’s accounts, and revokes every other', async () => {
    const rows = await service.services.storage.db.selectFrom('sandbox_tokens').selectAll().execute();
    const byLabel = Object.fromEntries(
      Object.entries(legacy.tokens).map(([label, token]) => [
        label,
        rows.find((row) => row.hash === hashSandboxToken(token)),
      ]),
    );
    const { ann, carol } = legacy.users;
    expect(byLabel.ann).toMatchObject({ user_id: ann.id, revoked_at: null });
    expect(byLabel.carol).toMatchObject({ user_id: carol.id, revoked_at: null });
    for (const label of ['bob', 'stranger', 'code']) {
      expect(byLabel[label]?.user_id, label).toBeNull();
      expect(byLabel[label]?.revoked_at, label).not.toBeNull();
    }
    expect(service.logLines.some((line) => line.includes('"adopted":2,"revoked":3'))).toBe(true);
    expect(await adoptLegacySandboxTokens(service.services)).toEqual({ adopted: 0, revoked: 0 });
  });

  it('leaves Ann her account, and the stranger’s token and Bob nothing', async () => {
    const { db } = service.services.storage;
    const now = service.services.clock.now();
    const [annKey, bobKey] = await Promise.all(
      [legacy.users.ann, legacy.users.bob].map((user) => issueKey(db, user, 'agent', 'never', now)),
    );
    const [campaign] = await new SandboxStore(db, 'video').list('campaign', legacy.ids.X);
    const args = { advertiser_id: legacy.ids.X, campaign_id: campaign?.id, name: 'Still mine' };
    expect((await service.call('update_video_campaign', args, { key: annKey?.key })).status).toBe(200);
    const bob = await service.call('update_video_campaign', args, { key: bobKey?.key });
    expect(bob.body.code).toBe('account_selection_required');

    const stranger = await fetch(
      `${service.url}/sandbox/video/open_api/v1.3/campaign/get/?advertiser_id=${legacy.ids.X}`,
      { headers: { 'Access-Token': legacy.tokens.stranger ?? '' } },
    );
    expect(((await stranger.json()) as { code: number }).code).toBe(40105);
  });

  it('refuses a token without owner that appears later, as an older instance would issue one', async () => {
    const late = 'sbx_video_access_from_an_older_instance';
    await service.services.storage.db
      .insertInto('sandbox_tokens')
      .values({
        hash: hashSandboxToken(late),
        platform: 'video',
        kind: 'access',
        account_ids: JSON.stringify([legacy.ids.X]),
        expires_at: null,
        revoked_at: null,
        created_at: new Date().toISOString(),
        user_id: null,
      })
      .execute();
    const answer = await fetch(
      `${service.url}/sandbox/video/open_api/v1.3/campaign/get/?advertiser_id=${legacy.ids.X}`,
      { headers: { 'Access-Token': late } },
    );
    expect(((await answer.json()) as { code: number }).code).toBe(40105);
  });
});
