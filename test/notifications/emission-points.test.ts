import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEnvelope } from '../../src/envelopes/check-envelopes.ts';
import { formatMicros } from '../../src/money.ts';
import { createEndpoint } from '../../src/notifications/endpoints.ts';
import { EVENT_TYPES } from '../../src/notifications/event-types.ts';
import { approveChange, rejectChange } from '../../src/owners/approvals.ts';
import { assignAccounts, createClient, setEnvelope } from '../../src/owners/clients.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../src/sandbox/video/campaign.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findClient } from '../../src/storage/clients.ts';
import { findConnection, readConnectionTokens, saveConnectionTokens } from '../../src/storage/connections.ts';
import type { Client } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TEST_ENCRYPTION_KEYS, TestService } from '../support/service.ts';
import { verifierFromDocs } from './support/docs-verifier.ts';
import { Receiver, receiverEnv } from './support/receiver.ts';

const HOUR_MS = 3_600_000;
const EMIT_WORKER = fileURLToPath(new URL('./support/emit-worker.ts', import.meta.url));

/**
 * A second instance in a process of its own (support/emit-worker.ts) over the same database; `emit` has
 * it emit an approval's `approval.decided` once it has loaded.
 */
function secondInstance(databaseUrl: string, now: Date) {
  const child = spawn(process.execPath, [EMIT_WORKER, databaseUrl, now.toISOString()], {
    env: { ...process.env, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value);
  const ready = next();
  return {
    async emit(userId: string, approvalId: string): Promise<string> {
      expect(await ready).toBe('ready');
      child.stdin.write(`${userId} ${approvalId}\n`);
      return next();
    },
    async stop(): Promise<number | null> {
      const exited = once(child, 'exit');
      child.stdin.end();
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/**
 * Each place that emits an event, through the real service and its job engine: the receiver (written
 * from docs/notifications.md) counts what arrives, signed, for each owner's endpoint.
 */
describe.each(TEST_DIALECTS)('notification emission points on %s', (dialect) => {
  const clock = new TestClock('2026-11-26T10:00:00.000Z');
  let certificate: TestCertificate;
  let receiver: Receiver;
  let service: TestService;
  /** Started with the service, so that it loads while the tests before its own run. */
  let second: ReturnType<typeof secondInstance>;
  let hooks = 0;

  beforeAll(async () => {
    certificate = createTestCertificate();
    receiver = await Receiver.start(certificate, await verifierFromDocs(), () => clock.now());
    service = await TestService.start(dialect, {
      clock,
      env: { ...receiverEnv(receiver, certificate), ADOPS_TIER_LIMITS: 'free=5,plus=150,pro=600,max=3000' },
    });
    second = secondInstance(service.database.url, clock.now());
  });
  afterAll(async () => {
    if (second) expect(await second.stop()).toBe(0);
    await service?.stop();
    await receiver?.stop();
    certificate?.remove();
  });

  /** An endpoint of the owner for every event; its path on the receiver. */
  async function listen(owner: Owner): Promise<string> {
    const path = `/owner-${++hooks}`;
    const created = await createEndpoint(service.services, owner.userId, {
      url: receiver.url(path),
      events: EVENT_TYPES,
    });
    receiver.secrets.set(path, created.secret);
    return path;
  }

  /** The events of a type that reached a path, once every delivery queued so far has been made. */
  async function arrived(path: string, type: string) {
    await expect
      .poll(
        async () => {
          const open = await service.services.storage.db
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('status', '=', 'pending')
            .execute();
          return open.length;
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    const events = receiver.at(path).filter((receipt) => receipt.event.type === type);
    expect(events.every((receipt) => receipt.verified)).toBe(true);
    return events.map((receipt) => receipt.event);
  }

  it('approval.requested when a change waits, approval.decided once when it is applied or rejected', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const path = await listen(owner);
    const { db } = service.services.storage;
    const user = await findUserById(db, owner.userId);
    const [account] = await listAdAccounts(db, owner.userId, 'video');
    if (!user || !account) throw new Error('no owner');
    const [first, second] = await new SandboxStore(db, 'video').list<StoredCampaign>(
      'campaign',
      account.account_id,
    );
    const key = await service.createKeyFor(owner, { scope: 'spend' });
    // Ten times the budget waits for the owner; the same Idempotency-Key sent again asks once.
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const raise = { campaign_id: first?.id, budget: (first?.data.budget ?? 0) * 10 };
    const asked = await service.call('update_video_campaign', raise, { key, headers });
    const again = await service.call('update_video_campaign', raise, { key, headers });
    expect([asked.status, again.status]).toEqual([202, 202]);
    const approvalId = asked.body.data.structured.approval.id;
    const other = await service.call(
      'update_video_campaign',
      { campaign_id: second?.id, budget: (second?.data.budget ?? 0) * 10 },
      { key },
    );
    const otherId = other.body.data.structured.approval.id;

    const requested = await arrived(path, 'approval.requested');
    expect(requested.map((event) => event.data.approval.id).sort()).toEqual([approvalId, otherId].sort());
    const mine = requested.find((event) => event.data.approval.id === approvalId);
    expect(mine?.data.approval).toMatchObject({ status: 'pending', requested_by: 'key limited' });
    expect(mine?.text).toContain(`/approvals/${approvalId}`);
    expect(mine?.text).toContain('Approval needed: key limited asks to');

    expect((await approveChange(service.services, user, approvalId)).status).toBe('applied');
    expect((await approveChange(service.services, user, approvalId)).status).toBe('applied');
    expect((await rejectChange(service.services, user, otherId)).status).toBe('rejected');
    expect((await rejectChange(service.services, user, otherId)).status).toBe('rejected');
    const decided = await arrived(path, 'approval.decided');
    expect(decided).toHaveLength(2);
    const byId = Object.fromEntries(decided.map((event) => [event.data.approval.id, event]));
    expect(byId[approvalId]?.data.approval).toMatchObject({ status: 'applied', decided_by: owner.email });
    expect(byId[approvalId]?.text).toMatch(/^Approval approved by .*\. It was applied\.$/);
    expect(byId[otherId]?.data.approval).toMatchObject({ status: 'rejected', decided_by: owner.email });
    expect(await arrived(path, 'approval.requested')).toHaveLength(2);
  });

  it('approval.decided once when a second instance, in a process of its own, emits it again', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const path = await listen(owner);
    const { db } = service.services.storage;
    const user = await findUserById(db, owner.userId);
    const [account] = await listAdAccounts(db, owner.userId, 'video');
    if (!user || !account) throw new Error('no owner');
    const [campaign] = await new SandboxStore(db, 'video').list<StoredCampaign>(
      'campaign',
      account.account_id,
    );
    const key = await service.createKeyFor(owner, { scope: 'spend' });
    const raise = { campaign_id: campaign?.id, budget: (campaign?.data.budget ?? 0) * 10 };
    const asked = await service.call('update_video_campaign', raise, { key });
    expect(asked.status).toBe(202);
    const approvalId = asked.body.data.structured.approval.id;
    expect((await approveChange(service.services, user, approvalId)).status).toBe('applied');
    expect(await arrived(path, 'approval.decided')).toHaveLength(1);

    // Whatever another process holds once per process (a salt, a counter) differs from this one's.
    expect(await second.emit(owner.userId, approvalId)).toBe(`emitted ${approvalId}`);
    const stored = await db
      .selectFrom('notification_events')
      .select('id')
      .where('user_id', '=', owner.userId)
      .where('type', '=', 'approval.decided')
      .execute();
    expect(stored).toHaveLength(1);
    const decided = await arrived(path, 'approval.decided');
    expect(decided.map((event) => event.id)).toEqual([stored[0]?.id]);
  });

  it('quota.threshold once at 80% and once at 100% of the period, calls made at once', async () => {
    const owner = await service.createOwner('free', ['search']);
    const path = await listen(owner);
    const call = () => service.call('discover_existing_assets', {}, { key: owner.key });
    const answers = await Promise.all([call(), call(), call(), call(), call()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await call()).status).toBe(402);
    const events = await arrived(path, 'quota.threshold');
    expect(events.map((event) => event.data).sort((a, b) => a.used - b.used)).toEqual([
      {
        threshold_percent: 80,
        period: '2026-11',
        used: 4,
        limit: 5,
        tier: 'free',
        period_end: '2026-12-01',
        upgrade_url: `${service.services.config.appUrl}/billing`,
      },
      {
        threshold_percent: 100,
        period: '2026-11',
        used: 5,
        limit: 5,
        tier: 'free',
        period_end: '2026-12-01',
        upgrade_url: `${service.services.config.appUrl}/billing`,
      },
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
  });

  it('envelope.threshold once at 80% and once at 100% of a client’s month, checked again and again', async () => {
    const owner = await service.createOwner('pro', ['social']);
    const path = await listen(owner);
    const { db } = service.services.storage;
    const workspace = await findUserById(db, owner.userId);
    if (!workspace) throw new Error('no workspace');
    const client = await createClient(db, workspace, 'Acme', clock.now());
    const [account] = await listAdAccounts(db, owner.userId);
    await assignAccounts(db, workspace, client, [`social:${account?.account_id}`]);
    const check = async () =>
      checkEnvelope(service.services, workspace, (await findClient(db, workspace.id, client.id)) as Client);
    await setEnvelope(db, client, '100000000:USD', false);
    const spent = (await check()).spent.USD ?? 0;
    await setEnvelope(db, client, `${formatMicros(Math.floor(spent / 2), 'USD')}:USD`, false);
    for (let n = 0; n < 3; n++) await check();
    const events = await arrived(path, 'envelope.threshold');
    const amount = (micros: number) => formatMicros(micros, 'USD');
    expect(
      events.map((event) => event.data).sort((a, b) => a.threshold_percent - b.threshold_percent),
    ).toEqual(
      [80, 100].map((threshold_percent) => ({
        client: { id: client.id, name: 'Acme' },
        month: '2026-11',
        currency: 'USD',
        threshold_percent,
        spent: amount(spent),
        envelope: amount(Math.floor(spent / 2 / 10_000) * 10_000),
        pauses: false,
      })),
    );
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
  });

  it('connection.failing once when the platform refuses a connection, again after a reconnect', async () => {
    const owner = await service.createOwner('pro', ['search']);
    const path = await listen(owner);
    const { db } = service.services.storage;
    const [account] = await listAdAccounts(db, owner.userId, 'search');
    const connection = account && (await findConnection(db, account.connection_id));
    const tokens = connection && readConnectionTokens(service.services.cipher, connection);
    if (!account || !connection || !tokens) throw new Error('no search connection');
    // The sandbox's token endpoint refuses this refresh token (invalid_grant), as a platform does a revoked one.
    const revoke = () =>
      saveConnectionTokens(
        db,
        service.services.cipher,
        connection.id,
        {
          accessToken: tokens.accessToken,
          refreshToken: 'sbx_search_refresh_revoked_by_the_test',
          expiresAt: new Date(clock.now().getTime() - HOUR_MS),
        },
        clock.now(),
      );
    const call = () => service.call('discover_existing_assets', {}, { key: owner.key });

    await revoke();
    expect((await call()).body.code).toBe('connection_expired');
    expect((await call()).body.code).toBe('connection_expired');
    const first = await arrived(path, 'connection.failing');
    expect(first).toHaveLength(1);
    expect(first[0]?.data).toMatchObject({
      connection_id: connection.id,
      platform: 'search',
      mode: 'sandbox',
      status: 'expired',
      accounts: [{ account_id: account.account_id, name: account.name }],
      reconnect_url: `${service.services.config.appUrl}/connections`,
    });
    expect(first[0]?.data.reason).toContain('invalid_grant');
    expect(first[0]?.text).toContain(`connection stopped working (${first[0]?.data.reason})`);
    // No token of the connection is in what was sent.
    for (const receipt of receiver.at(path)) {
      expect(receipt.body).not.toContain(tokens.accessToken);
      expect(receipt.body).not.toContain(tokens.refreshToken ?? '');
    }

    // Reconnected (working tokens stored, as the console's reconnect does), it works; refused again, a new event.
    await saveConnectionTokens(db, service.services.cipher, connection.id, tokens, clock.now());
    expect((await call()).status).toBe(200);
    clock.advanceSeconds(60);
    await revoke();
    expect((await call()).body.code).toBe('connection_expired');
    const both = await arrived(path, 'connection.failing');
    expect(both).toHaveLength(2);
    expect(both[0]?.id).not.toBe(both[1]?.id);
  });
});
