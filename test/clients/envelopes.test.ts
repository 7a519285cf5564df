import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEnvelope, checkEnvelopes } from '../../src/envelopes/check-envelopes.ts';
import { formatMicros } from '../../src/money.ts';
import { assignAccounts, createClient, setEnvelope } from '../../src/owners/clients.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { envelopeMarks, findClient } from '../../src/storage/clients.ts';
import type { Client, User } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

const LISTS = { social: 'list_social_campaigns', video: 'list_video_campaigns' } as const;

/**
 * A client's monthly envelope on the sandbox's seeded spend: at 80% the workspace is told once; at 100%
 * every running campaign of the client's accounts is paused once, through the pipeline and named by the
 * client in the history; checks repeated, or run two at once, notify and pause nothing more.
 */
describe.each(TEST_DIALECTS)('client envelopes (%s)', (dialect) => {
  const clock = new TestClock('2026-11-24T18:00:00.000Z');
  let service: TestService;
  let owner: Owner;
  let workspace: User;
  let client: Client;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    owner = await service.createOwner('pro', ['social', 'video']);
    const { db } = service.services.storage;
    workspace = (await findUserById(db, owner.userId)) as User;
    client = await createClient(db, workspace, 'Acme Shoes', clock.now());
    const accounts = await listAdAccounts(db, owner.userId);
    await assignAccounts(
      db,
      workspace,
      client,
      accounts.map((a) => `${a.platform}:${a.account_id}`),
    );
  });
  afterAll(() => service.stop());

  const db = () => service.services.storage.db;
  const check = async () =>
    checkEnvelope(service.services, workspace, (await findClient(db(), workspace.id, client.id)) as Client);
  const events = async () =>
    db()
      .selectFrom('notification_events')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('type', '=', 'envelope.threshold')
      .execute();
  const writes = async () =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('agency_client_id', '=', client.id)
      .where('replayed', '=', 0)
      .where('status', '=', 200)
      .execute();
  async function running(): Promise<string[]> {
    const ids: string[] = [];
    for (const [platform, list] of Object.entries(LISTS)) {
      const { status, body } = await service.call(list, {}, { key: owner.key });
      expect(status, JSON.stringify(body)).toBe(200);
      for (const c of body.data.structured.campaigns as Json[])
        if (c.status === 'ACTIVE') ids.push(`${platform}:${c.campaign_id ?? c.id}`);
    }
    return ids.toSorted();
  }

  it('counts the month so far, tells at 80% once, pauses at 100% once', async () => {
    await setEnvelope(db(), client, '100000000:USD', true);
    const measured = await check();
    const spent = measured.spent.USD ?? 0;
    expect(spent).toBeGreaterThan(0);
    expect(measured.paused).toEqual([]);
    expect(await events()).toHaveLength(0);

    // 90% spent: the 80% notice, once however often it is checked.
    await setEnvelope(db(), client, `${formatMicros(Math.ceil(spent / 0.9), 'USD')}:USD`, true);
    await check();
    await check();
    const notices = await events();
    expect(notices.map((e) => JSON.parse(e.data).threshold_percent)).toEqual([80]);
    expect(notices[0]?.text).toContain('Acme Shoes reached 80% of its 2026-11 envelope');
    expect((await envelopeMarks(db(), client.id, '2026-11')).map((m) => m.level)).toEqual([80]);
    expect(await writes()).toHaveLength(0);

    // Twice the envelope, checked twice at once (two instances): every running campaign of both
    // accounts paused, each by one platform write.
    const before = await running();
    expect(before.length).toBeGreaterThan(1);
    await setEnvelope(db(), client, `${formatMicros(Math.floor(spent / 2), 'USD')}:USD`, true);
    const [reached, alongside] = await Promise.all([check(), check()]);
    expect(reached?.paused.map((p) => `${p.platform}:${p.campaignId}`).toSorted()).toEqual(before);
    expect(alongside?.paused.map((p) => `${p.platform}:${p.campaignId}`).toSorted()).toEqual(before);
    expect(await running()).toEqual([]);
    const paused = await writes();
    expect(paused).toHaveLength(before.length);
    expect(new Set(paused.map((row) => row.billable))).toEqual(new Set([0]));

    // Again, and two at once: nothing runs to pause, nothing new is written or told.
    await Promise.all([check(), check()]);
    expect(await writes()).toHaveLength(before.length);
    expect((await events()).map((e) => JSON.parse(e.data).threshold_percent).toSorted()).toEqual([100, 80]);
    expect((await envelopeMarks(db(), client.id, '2026-11')).map((m) => m.level)).toEqual([80, 100]);
  });

  it('checks each client at the interval the service sets, and a changed envelope at once', async () => {
    const { db: database } = service.services.storage;
    const timed = await createClient(database, workspace, 'Every quarter hour', clock.now());
    await setEnvelope(database, timed, '100000000:USD', false);
    const checked = async () => (await checkEnvelopes(service.services)).map((c) => c.clientId);
    expect(service.services.config.envelopeCheckMinutes).toBe(15);
    clock.set('2026-11-24T18:10:00.000Z');
    expect(await checked()).toContain(timed.id);
    clock.set('2026-11-24T18:11:00.000Z');
    expect(await checked()).not.toContain(timed.id);
    clock.set('2026-11-24T18:25:00.000Z');
    expect(await checked()).toContain(timed.id);
    clock.set('2026-11-24T18:26:00.000Z');
    await setEnvelope(database, timed, '200000000:USD', false);
    expect(await checked()).toContain(timed.id);
    clock.set('2026-11-24T18:00:00.000Z');
  });

  it('a client with no account has spent nothing and reaches nothing', async () => {
    const { db: database } = service.services.storage;
    const other = await createClient(database, workspace, 'Notify only', clock.now());
    await setEnvelope(database, other, '0.01:USD', false);
    // No account: nothing spent, nothing reached.
    const empty = await checkEnvelope(
      service.services,
      workspace,
      (await findClient(database, workspace.id, other.id)) as Client,
    );
    expect(empty.spent).toEqual({ USD: 0 });
    expect(await envelopeMarks(database, other.id, '2026-11')).toEqual([]);
  });
});
