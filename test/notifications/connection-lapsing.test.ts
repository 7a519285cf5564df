import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warnLapsingConnections } from '../../src/notifications/connection-expiring.ts';
import { TestClock } from '../support/clock.ts';
import { serveConsoleHere, sessionCookie } from '../support/consent.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { addLiveAccount } from '../support/replay-platform.ts';
import { type Owner, TestService } from '../support/service.ts';

// A Meta connection has no refresh token: its long-lived token simply ends. Its owner hears of it a week
// before, by connection.failing and on the console's overview, not after agents start failing.
describe.each(TEST_DIALECTS)('a connection about to lapse (%s)', (dialect) => {
  const clock = new TestClock('2026-12-02T10:00:00.000Z');
  const lapses = '2026-12-12T10:00:00.000Z';
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    serveConsoleHere(service);
    owner = await service.createOwner('pro');
    await addLiveAccount(service, owner, { platform: 'social', accountId: 'act_100000000000001' });
    await service.services.storage.db
      .updateTable('connections')
      .set({ token_expires_at: lapses })
      .where('user_id', '=', owner.userId)
      .execute();
  });
  afterAll(() => service.stop());

  const events = () =>
    service.services.storage.db
      .selectFrom('notification_events')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('type', '=', 'connection.failing')
      .execute();
  const overview = async () => {
    const response = await fetch(`${service.url}/`, {
      headers: { cookie: await sessionCookie(service, owner.userId) },
    });
    return response.text();
  };

  it('says nothing while the end is more than a week away', async () => {
    expect(await warnLapsingConnections(service.services)).toBe(0);
    expect(await events()).toEqual([]);
    expect(await overview()).not.toContain('stops working on');
  });

  it('tells the owner once, a week before, with the accounts, the moment and where to reconnect', async () => {
    clock.set('2026-12-05T10:00:01.000Z');
    expect(await warnLapsingConnections(service.services)).toBe(1);
    expect(await warnLapsingConnections(service.services)).toBe(1);
    const [event, ...more] = await events();
    expect(more).toEqual([]);
    expect(JSON.parse(event?.data ?? '{}')).toMatchObject({
      platform: 'social',
      mode: 'live',
      status: 'expiring',
      expires_at: lapses,
      accounts: [{ account_id: 'act_100000000000001' }],
      reconnect_url: `${service.url}/connections`,
    });
    expect(event?.text).toContain('stops working on 2026-12-12 10:00 UTC (in 7 days)');
    expect(await overview()).toContain('stops working on');
  });

  it('is said again for the token a reconnect gives, not for one that renews itself', async () => {
    const { db } = service.services.storage;
    await db
      .updateTable('connections')
      .set({ refresh_token: 'renews-itself' })
      .where('user_id', '=', owner.userId)
      .execute();
    expect(await warnLapsingConnections(service.services)).toBe(0);
    await db
      .updateTable('connections')
      .set({ refresh_token: null, token_expires_at: '2026-12-09T10:00:00.000Z' })
      .where('user_id', '=', owner.userId)
      .execute();
    expect(await warnLapsingConnections(service.services)).toBe(1);
    expect(await events()).toHaveLength(2);
  });
});
