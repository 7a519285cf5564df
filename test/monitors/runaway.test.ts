import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccount } from '../../src/monitors/check-account.ts';
import { tellMonitorFired } from '../../src/monitors/monitor-fired.ts';
import { createEndpoint } from '../../src/notifications/endpoints.ts';
import type { Platform } from '../../src/platform-families.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { verifierFromDocs } from '../notifications/support/docs-verifier.ts';
import { Receiver, receiverEnv } from '../notifications/support/receiver.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

/** What the test reads of each platform: its list tool, how a campaign's id and pause show there. */
const PLATFORMS: Array<{
  platform: Platform;
  list: string;
  id: (c: Json) => string;
  paused: string;
  status: (c: Json) => string;
}> = [
  {
    platform: 'search',
    list: 'list_search_campaigns',
    id: (c) => c.campaign_id,
    paused: 'PAUSED',
    status: (c) => c.status,
  },
  {
    platform: 'network',
    list: 'list_network_campaigns',
    id: (c) => c.campaign_id,
    paused: 'PAUSED',
    status: (c) => c.status,
  },
  {
    platform: 'social',
    list: 'list_social_campaigns',
    id: (c) => c.id,
    paused: 'PAUSED',
    status: (c) => c.status,
  },
  {
    platform: 'video',
    list: 'list_video_campaigns',
    id: (c) => c.campaign_id,
    paused: 'PAUSED',
    status: (c) => c.status,
  },
];

/**
 * On every sandbox, the seeded runaway campaign (its spend surges today) is what a monitor is for: one
 * with a relative condition (spend today over three times its daily average of the week before) and one
 * with an absolute one (cost per click over a threshold no other campaign reaches) each fire on it alone
 * and pause it, as the platform's list tool reads back, and tell the owner's webhook, signed.
 */
describe.each(TEST_DIALECTS)('monitors on the runaway campaigns (%s)', (dialect) => {
  const clock = new TestClock('2026-11-24T18:00:00.000Z');
  let service: TestService;
  let certificate: TestCertificate;
  let receiver: Receiver;

  beforeAll(async () => {
    certificate = createTestCertificate();
    receiver = await Receiver.start(certificate, await verifierFromDocs(), () => clock.now());
    service = await TestService.start(dialect, { clock, env: receiverEnv(receiver, certificate) });
  });
  afterAll(async () => {
    await service.stop();
    await receiver.stop();
    certificate.remove();
  });

  async function ok(owner: Owner, tool: string, args: Json): Promise<Json> {
    const { status, body } = await service.call(tool, args, { key: owner.key });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.structured;
  }

  async function campaigns(owner: Owner, loop: (typeof PLATFORMS)[number]): Promise<Json[]> {
    return (await ok(owner, loop.list, {})).campaigns;
  }

  /** Creates the monitor, checks the account at the next minute as the engine would, and tells the owner. */
  async function fire(owner: Owner, platform: Platform, conditions: Json[], minute: string) {
    const created = await ok(owner, 'create_monitor', {
      platform,
      name: 'Runaway watch',
      conditions,
      check_every_minutes: 1,
      action: 'pause_campaign',
    });
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, platform);
    clock.set(minute);
    const fired = await checkAccount(
      service.services,
      { userId: owner.userId, platform, accountId: account?.account_id ?? '', minute },
      (each) => tellMonitorFired(service.services, each),
    );
    return { monitorId: created.monitor.id as string, fired };
  }

  it.each(PLATFORMS)(
    'on $platform: a relative condition fires on the runaway alone and pauses it',
    async (loop) => {
      clock.set('2026-11-24T18:00:30.000Z');
      const owner = await service.createOwner('pro', [loop.platform]);
      const path = `/relative-${dialect}-${loop.platform}`;
      const endpoint = await createEndpoint(service.services, owner.userId, {
        url: receiver.url(path),
        events: ['monitor.fired'],
      });
      receiver.secrets.set(path, endpoint.secret);
      const before = await campaigns(owner, loop);
      const runaway = before.find((c) => String(c.name).startsWith('Runaway:'));
      expect(runaway).toBeDefined();

      const { monitorId, fired } = await fire(
        owner,
        loop.platform,
        [{ metric: 'spend', operator: '>', relative_to: { trailing_days: 7, factor: 3 } }],
        '2026-11-24T18:01:00.000Z',
      );
      expect(fired.fired.map((f) => [f.firing.campaign_id, f.action.result])).toEqual([
        [loop.id(runaway ?? {}), 'applied'],
      ]);
      const after = await campaigns(owner, loop);
      for (const campaign of after) {
        const was = before.find((c) => loop.id(c) === loop.id(campaign));
        const isRunaway = loop.id(campaign) === loop.id(runaway ?? {});
        expect(loop.status(campaign), campaign.name).toBe(isRunaway ? loop.paused : loop.status(was ?? {}));
      }

      // The owner's webhook hears of it once, signed, with the values seen.
      for (let waited = 0; receiver.at(path).length === 0 && waited < 10_000; waited += 100) await sleep(100);
      const [delivery, ...more] = receiver.at(path);
      expect(more).toEqual([]);
      expect(delivery?.verified).toBe(true);
      expect(delivery?.event).toMatchObject({
        type: 'monitor.fired',
        data: {
          monitor: { id: monitorId, name: 'Runaway watch', platform: loop.platform },
          campaign: { id: loop.id(runaway ?? {}), name: runaway?.name },
          action: 'pause_campaign',
          result: { status: 'applied' },
          seen: [{ metric: 'spend', operator: '>', matched: true }],
        },
      });
      expect(delivery?.event.text).toContain(`Monitor "Runaway watch" fired on ${runaway?.name}`);
    },
  );

  it.each(PLATFORMS)('on $platform: an absolute condition fires on the runaway alone', async (loop) => {
    clock.set('2026-11-24T19:00:30.000Z');
    const owner = await service.createOwner('pro', [loop.platform]);
    const report = await ok(owner, `get_${loop.platform}_campaign_performance`, { date_range: 'TODAY' });
    const cpc = (row: Json) => Number(row.average_cpc ?? 0);
    const runaway = report.campaigns.find((row: Json) =>
      String(row.name ?? row.campaign_name).startsWith('Runaway:'),
    );
    const others = report.campaigns.filter((row: Json) => row !== runaway);
    const threshold = (cpc(runaway) + Math.max(...others.map(cpc))) / 2;
    expect(cpc(runaway)).toBeGreaterThan(threshold);

    const { fired } = await fire(
      owner,
      loop.platform,
      [{ metric: 'cpc', operator: '>', threshold }],
      '2026-11-24T19:01:00.000Z',
    );
    expect(fired.fired.map((f) => f.firing.campaign_id)).toEqual([runaway.campaign_id]);
    const after = await campaigns(owner, loop);
    expect(loop.status(after.find((c) => loop.id(c) === runaway.campaign_id) ?? {})).toBe(loop.paused);
  });
});
