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
    running: (c) => c.status === 'ENABLE',
    id: (c) => c.campaign_id,
    pause: { operation_status: 'DISABLE' },
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
