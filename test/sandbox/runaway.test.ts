import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../src/money.ts';
import type { Platform } from '../../src/platform-families.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

const DAY = '2026-11-22';

/** Each platform's performance tool, the runaway the seed gives the database's first account, and its pause. */
const PLATFORMS: Record<
  Platform,
  { tool: string; runaway: { id?: string; name: string }; pause: (id: string) => [string, object] }
> = {
  search: {
    tool: 'get_search_campaign_performance',
    runaway: { id: '20123456795', name: 'Runaway: broad match' },
    pause: (id) => ['update_search_campaign', { campaign_id: id, status: 'PAUSED' }],
  },
  network: {
    tool: 'get_network_campaign_performance',
    runaway: { name: 'Runaway: audience expansion' },
    pause: (id) => ['update_network_campaign', { campaign_id: id, status: 'PAUSED' }],
  },
  social: {
    tool: 'get_social_campaign_performance',
    runaway: { id: '120210000000000107', name: 'Runaway: advantage+ audience' },
    pause: (id) => ['update_social_campaign', { campaign_id: id, status: 'PAUSED' }],
  },
  video: {
    tool: 'get_video_campaign_performance',
    runaway: { id: '1800000000000007', name: 'Runaway: spark ads' },
    pause: (id) => ['update_video_campaign', { campaign_id: id, operation_status: 'DISABLE' }],
  },
};

interface Line {
  campaign_id: string;
  name: string;
  clicks: number;
  spend: string;
  conversions: number;
}

/**
 * The runaway campaign each sandbox seeds, read through the service's own performance tools as an agent
 * (or a monitor) reads them: today it spends at several times its trailing week's daily average, at more
 * than twice its cost per click, and no other campaign does; its spend rises as the day goes on, and a
 * pause stops it where it was.
 */
describe.each(TEST_DIALECTS)('the sandboxes’ runaway campaigns (%s)', (dialect) => {
  const clock = new TestClock(`${DAY}T18:00:00.000Z`);
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    owner = await service.createOwner('pro', ['search', 'network', 'social', 'video']);
  });
  afterAll(() => service.stop());

  async function lines(platform: Platform, dateRange: string): Promise<Line[]> {
    const { status, body } = await service.call(PLATFORMS[platform].tool, { date_range: dateRange }, owner);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.structured.campaigns;
  }
  const micros = (line: Line | undefined) => decimalToMicros(line?.spend ?? '0');
  const cpc = (line: Line) => micros(line) / line.clicks;

  describe.each(Object.keys(PLATFORMS) as Platform[])('%s', (platform) => {
    const { runaway } = PLATFORMS[platform];
    let runawayId: string;

    it('surges today against its trailing week, spend and cost per click, and no other campaign does', async () => {
      clock.set(`${DAY}T18:00:00.000Z`);
      const today = await lines(platform, 'TODAY');
      const week = await lines(platform, 'LAST_7_DAYS');
      const named = today.filter((line) => line.name.startsWith('Runaway:'));
      expect(named.map((line) => line.name)).toEqual([runaway.name]);
      runawayId = named[0]?.campaign_id ?? '';
      if (runaway.id) expect(runawayId).toBe(runaway.id);

      let others = 0;
      for (const line of today) {
        const past = week.find((each) => each.campaign_id === line.campaign_id);
        if (!past || line.clicks === 0 || past.clicks === 0) continue;
        const spendRatio = micros(line) / (micros(past) / 7);
        const cpcRatio = cpc(line) / cpc(past);
        if (line.campaign_id === runawayId) {
          // Three quarters through the day it has spent over 4 times a usual day, at over twice the price.
          expect(spendRatio, line.name).toBeGreaterThan(4);
          expect(cpcRatio, line.name).toBeGreaterThan(2);
          expect(line.conversions, line.name).toBeGreaterThan(0);
          expect(line.conversions, line.name).toBeLessThan(line.clicks / 100);
        } else {
          others++;
          expect(spendRatio, line.name).toBeLessThan(3);
          expect(cpcRatio, line.name).toBeLessThan(2);
        }
      }
      expect(others).toBeGreaterThan(0);
    });

    it('spends more as the day goes on, and stops where it was when paused', async () => {
      const spentAt = async (time: string) => {
        clock.set(`${DAY}T${time}Z`);
        return micros((await lines(platform, 'TODAY')).find((line) => line.campaign_id === runawayId));
      };
      const evening = await spentAt('18:00:00.000');
      const later = await spentAt('20:00:00.000');
      expect(later).toBeGreaterThan(evening);

      const [tool, args] = PLATFORMS[platform].pause(runawayId);
      const paused = await service.call(tool, args, owner);
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      expect(await spentAt('20:00:00.000')).toBe(later);
      expect(await spentAt('23:00:00.000')).toBe(later);
    });
  });
});
