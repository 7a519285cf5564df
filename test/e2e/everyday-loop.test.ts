import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/platform-families.ts';
import { callTool, connectOverHttp, textOf } from '../mcp/clients.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

/** What an agent needs to know of each platform to run the loop: its three tools and its words. */
const LOOPS: Array<{
  platform: Platform;
  list: string;
  performance: string;
  update: string;
  running: (campaign: Json) => boolean;
  id: (campaign: Json) => string;
  pause: Json;
}> = [
  {
    platform: 'search',
    list: 'list_search_campaigns',
    performance: 'get_search_campaign_performance',
    update: 'update_search_campaign',
    running: (c) => c.status === 'ACTIVE',
    id: (c) => c.campaign_id,
    pause: { status: 'PAUSED' },
  },
  {
    platform: 'network',
    list: 'list_network_campaigns',
    performance: 'get_network_campaign_performance',
    update: 'update_network_campaign',
    running: (c) => c.status === 'ACTIVE',
    id: (c) => c.campaign_id,
    pause: { status: 'PAUSED' },
  },
  {
    platform: 'social',
    list: 'list_social_campaigns',
    performance: 'get_social_campaign_performance',
    update: 'update_social_campaign',
    running: (c) => c.status === 'ACTIVE',
    id: (c) => c.id,
    pause: { status: 'PAUSED' },
  },
  {
    platform: 'video',
    list: 'list_video_campaigns',
    performance: 'get_video_campaign_performance',
    update: 'update_video_campaign',
    running: (c) => c.status === 'ACTIVE',
    id: (c) => c.campaign_id,
    pause: { status: 'PAUSED' },
  },
];

/** Cost per conversion, as an agent ranks waste: spend without any conversion is the worst of all. */
const costPerConversion = (row: Json) =>
  row.cost_per_conversion ?? (Number(row.spend) > 0 ? Number.POSITIVE_INFINITY : 0);

/**
 * The everyday loop of an agent, over MCP with the SDK's client and an ordinary (write-scope) key, on
 * every platform's sandbox: list the running campaigns, read their last week, pause the one with the
 * worst cost per conversion, and see its spend stop in the platform's own report from the next day on
 * while the others go on spending.
 */
describe.each(TEST_DIALECTS)('the read, decide, act loop of an agent (%s)', (dialect) => {
  const clock = new TestClock('2026-11-20T12:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
  });
  afterAll(() => service.stop());

  it.each(LOOPS)('on $platform: pauses the worst campaign, whose spend stops the next day', async (loop) => {
    clock.set('2026-11-20T12:00:00.000Z');
    const owner: Owner = await service.createOwner('pro', [loop.platform]);
    const client: Client = await connectOverHttp(service.url, owner.key);
    const call = async (name: string, args: Json) => {
      const result = await callTool(client, { name, arguments: args });
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      return result.structuredContent as Json;
    };
    try {
      // Read: what runs, and how it did last week.
      const running = (await call(loop.list, {})).campaigns.filter(loop.running).map(loop.id) as string[];
      expect(running.length).toBeGreaterThan(1);
      const week = await call(loop.performance, { date_range: 'LAST_7_DAYS', campaign_ids: running });
      const spending = week.campaigns.filter((row: Json) => Number(row.spend) > 0);
      expect(spending.length).toBeGreaterThan(1);

      // Decide: the worst cost per conversion.
      const worst = spending.reduce((a: Json, b: Json) =>
        costPerConversion(b) > costPerConversion(a) ? b : a,
      );
      const others = running.filter((id) => id !== worst.campaign_id);

      // Act: pause it; the answer shows the change.
      const paused = await call(loop.update, { campaign_id: worst.campaign_id, ...loop.pause });
      expect(JSON.stringify(paused.after)).not.toBe(JSON.stringify(paused.before));
      const stillRunning = (await call(loop.list, {})).campaigns.filter(loop.running).map(loop.id);
      expect(stillRunning).not.toContain(worst.campaign_id);

      // The next day and the one after: it spends nothing, the others still do.
      for (const day of ['2026-11-21T12:00:00.000Z', '2026-11-22T12:00:00.000Z']) {
        clock.set(day);
        const today = await call(loop.performance, { date_range: 'TODAY', campaign_ids: running });
        const row = (id: string) => today.campaigns.find((c: Json) => c.campaign_id === id);
        expect(Number(row(worst.campaign_id)?.spend), `${day} ${worst.campaign_id}`).toBe(0);
        expect(row(worst.campaign_id)?.impressions).toBe(0);
        const othersSpend = others.reduce((sum, id) => sum + Number(row(id)?.spend ?? 0), 0);
        expect(othersSpend, day).toBeGreaterThan(0);
      }
    } finally {
      await client.close();
    }
  });
});

/** Below the campaign: the ad group (Meta's ad set) each platform reports and pauses on its own. */
const GROUP_LOOPS: Array<{
  platform: Platform;
  performance: string;
  update: string;
  idField: string;
  list: string;
  listed: string;
  /** The id field of the listed objects (Meta's lists say `id`). */
  listedId: string;
}> = [
  {
    platform: 'search',
    performance: 'get_search_campaign_performance',
    update: 'update_search_ad_group',
    idField: 'ad_group_id',
    list: 'list_search_ad_groups',
    listed: 'ad_groups',
    listedId: 'ad_group_id',
  },
  {
    platform: 'social',
    performance: 'get_social_campaign_performance',
    update: 'update_social_ad_set',
    idField: 'ad_set_id',
    list: 'list_social_ad_sets',
    listed: 'ad_sets',
    listedId: 'id',
  },
  {
    platform: 'video',
    performance: 'get_video_campaign_performance',
    update: 'update_video_ad_group',
    idField: 'adgroup_id',
    list: 'list_video_ad_groups',
    listed: 'ad_groups',
    listedId: 'adgroup_id',
  },
];

/**
 * The same loop one level down, in the one vocabulary every platform answers with: read last week by ad
 * group, pause the one with the worst cost per conversion (LinkedIn has no level between the campaign and
 * its ads: its campaigns are what the loop above pauses), and see it read PAUSED in the list and in the
 * next report; then, on Google Ads, exclude the three costliest search terms that never converted.
 */
describe.each(TEST_DIALECTS)('the loop below the campaign (%s)', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(() => service.stop());

  async function agent(platform: Platform) {
    const owner: Owner = await service.createOwner('pro', [platform]);
    const client: Client = await connectOverHttp(service.url, owner.key);
    const call = async (name: string, args: Json) => {
      const result = await callTool(client, { name, arguments: args });
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      return result.structuredContent as Json;
    };
    return { client, call };
  }

  it.each(GROUP_LOOPS)('on $platform: pauses the worst ad group by cost per conversion', async (loop) => {
    const { client, call } = await agent(loop.platform);
    try {
      const week = await call(loop.performance, { date_range: 'LAST_7_DAYS', level: 'ad_group' });
      const active = week.ad_groups.filter((row: Json) => row.status === 'ACTIVE' && Number(row.spend) > 0);
      expect(active.length).toBeGreaterThan(1);
      const worst = active.reduce((a: Json, b: Json) =>
        costPerConversion(b) > costPerConversion(a) ? b : a,
      );

      const paused = await call(loop.update, { [loop.idField]: worst.ad_group_id, status: 'PAUSED' });
      expect(paused.changed).toEqual(['status']);
      expect(paused.after.status).toBe('PAUSED');

      const listed = (await call(loop.list, { campaign_ids: [worst.campaign_id] }))[loop.listed] as Json[];
      expect(listed.find((group) => group[loop.listedId] === worst.ad_group_id)?.status).toBe('PAUSED');
      const after = await call(loop.performance, { date_range: 'LAST_7_DAYS', level: 'ad_group' });
      expect(after.ad_groups.find((row: Json) => row.ad_group_id === worst.ad_group_id)?.status).toBe(
        'PAUSED',
      );

      // Pausing it again is seen for what it is: nothing to change.
      const again = await call(loop.update, { [loop.idField]: worst.ad_group_id, status: 'PAUSED' });
      expect(again.changed).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('on search: excludes the three costliest search terms that never converted', async () => {
    const { client, call } = await agent('search');
    try {
      const wasted = (
        await call('list_search_terms', { date_range: 'LAST_30_DAYS', without_conversions: true })
      ).search_terms as Json[];
      expect(wasted.length).toBeGreaterThanOrEqual(3);
      const costliest = wasted.slice(0, 3);
      const spends = costliest.map((term) => Number(term.metrics.spend));
      expect(spends).toEqual(spends.toSorted((a, b) => b - a));
      for (const term of costliest) expect(term.metrics.conversions).toBe(0);

      const byCampaign = Map.groupBy(costliest, (term) => term.campaign_id as string);
      for (const [campaignId, terms] of byCampaign) {
        const added = await call('add_search_negative_keywords', {
          campaign_id: campaignId,
          keywords: terms.map((term) => ({ text: term.search_term, match_type: 'EXACT' })),
        });
        expect(added.added).toHaveLength(terms.length);
      }
      const left = (
        await call('list_search_terms', { date_range: 'LAST_30_DAYS', without_conversions: true })
      ).search_terms as Json[];
      const excluded = new Set(costliest.map((term) => term.search_term));
      expect(left.filter((term) => excluded.has(term.search_term))).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
