import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalToMicros } from '../../../src/money.ts';
import type { PerformanceQuery } from '../../../src/platforms/performance.ts';
import { campaignPerformance } from '../../../src/platforms/search/performance.ts';
import type {
  StoredAdGroup,
  StoredCampaign,
  StoredCampaignCriterion,
  StoredKeyword,
} from '../../../src/sandbox/search/resources.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { createRegistry } from '../../../src/tools/registry.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { clientFor, type SearchOwner, searchOwner } from './support.ts';

const NOW = '2026-11-24T10:00:00.000Z';
const tools = createRegistry();
/**
 * The structured answer parsed by the tool's own output schema (what the documents promise), strict at the
 * top: an unlisted field fails, and the same object back means the nested ones are all described too.
 */
const parsed = (tool: string, structured: unknown) => tools.get(tool)?.output?.strict().parse(structured);
const micros = (spend: string) => decimalToMicros(spend);

describe.each(TEST_DIALECTS)(
  'ad groups, keywords and search terms on the Google Ads sandbox (%s)',
  (dialect) => {
    let service: TestService;
    let acme: SearchOwner;
    let store: SandboxStore;
    let spendKey: string;
    let readKey: string;
    let mcp: Client;
    const clock = new TestClock(NOW);
    const campaigns: Record<string, string> = {};
    const groups: Record<string, string> = {};

    beforeAll(async () => {
      service = await TestService.start(dialect, { clock, env: { ADOPS_SANDBOX_PAGE_SIZE: '4' } });
      acme = await searchOwner(service);
      store = new SandboxStore(service.services.storage.db, 'search');
      for (const c of await store.list<StoredCampaign>('campaign', acme.customerId))
        campaigns[c.data.name] = c.id;
      for (const g of await store.list<StoredAdGroup>('ad_group', acme.customerId))
        groups[g.data.name] = g.id;
      spendKey = await service.createKeyFor(acme.owner, { scope: 'spend' });
      readKey = await service.createKeyFor(acme.owner, { scope: 'read' });
      mcp = await connectOverHttp(service.url, spendKey);
    });
    afterAll(async () => {
      await mcp.close();
      await service.stop();
    });

    const call = (
      tool: string,
      args: Record<string, unknown>,
      key = acme.owner.key,
      idempotencyKey = randomUUID(),
    ) => service.call(tool, args, { key, headers: { 'idempotency-key': idempotencyKey } });
    const ok = async (tool: string, args: Record<string, unknown>, key = acme.owner.key) => {
      const answer = await call(tool, args, key);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(parsed(tool, answer.body.data.structured)).toEqual(answer.body.data.structured);
      return answer.body.data;
    };
    const used = async () =>
      (await service.call('get_usage_status', {}, { key: acme.owner.key })).body.data.quota.used as number;
    const mutates = (method: string) =>
      service.logLines.filter((line) => line.includes(`${method}::mutate`)).length;
    const keywordsOf = async (groupId: string) =>
      (await store.list<StoredKeyword>('ad_group_criterion', acme.customerId, groupId)).filter(
        (k) => !k.data.negative,
      );
    /** A raw GAQL report through the adapter's client, as Google answers it. */
    const gaql = async (query: string) => {
      const { client } = await clientFor(service, acme);
      return client.search(acme.customerId, query, z.any());
    };
    const spendOf = (rows: any[]) => rows.reduce((sum, row) => sum + Number(row.metrics?.costMicros ?? 0), 0);

    it('lists ad groups with filters and pages, bids in the account currency', async () => {
      const all = await ok('list_search_ad_groups', { status: ['ACTIVE', 'PAUSED', 'REMOVED'] });
      expect(all.structured.ad_groups.map((g: any) => g.name).sort()).toEqual([
        'Brand terms',
        'Competitor terms',
        'Holiday offers',
        'Long tail',
        'Project management software',
        'Team planning tools',
      ]);
      const brand = all.structured.ad_groups.find((g: any) => g.name === 'Brand terms');
      expect(brand).toEqual({
        ad_group_id: groups['Brand terms'],
        name: 'Brand terms',
        campaign_id: campaigns['Brand - Search'],
        campaign_name: 'Brand - Search',
        status: 'ACTIVE',
        platform_status: 'ENABLED',
        type: 'SEARCH_STANDARD',
        cpc_bid: '1.20',
      });
      const generic = await ok('list_search_ad_groups', { campaign_ids: [campaigns['Generic - Search']] });
      expect(generic.structured.ad_groups.map((g: any) => g.name)).toEqual(
        [...generic.structured.ad_groups.map((g: any) => g.name)].sort((a, b) => {
          const ids = generic.structured.ad_groups;
          return ids.findIndex((g: any) => g.name === a) - ids.findIndex((g: any) => g.name === b);
        }),
      );
      expect(generic.structured.ad_groups).toHaveLength(2);
      // Pages of two cover all six, in id order, without repeats.
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ok('list_search_ad_groups', {
          status: ['ACTIVE', 'PAUSED', 'REMOVED'],
          limit: 2,
          ...(cursor && { cursor }),
        });
        seen.push(...page.structured.ad_groups.map((g: any) => g.ad_group_id));
        cursor = page.structured.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all.structured.ad_groups.map((g: any) => g.ad_group_id));
      expect(seen).toEqual([...seen].sort((a, b) => Number(a) - Number(b)));
      const wrongCursor = await call('list_search_ad_groups', { limit: 2, cursor: 'bm9wZQ' });
      expect([wrongCursor.status, wrongCursor.body.code]).toEqual([400, 'invalid_arguments']);
      expect(wrongCursor.body.error).toContain('cursor');
    });

    it("lists keywords with their metrics, which add up to the ad group's and the campaign's", async () => {
      const brandCampaign = campaigns['Brand - Search'] ?? '';
      const data = await ok('list_search_keywords', {
        campaign_ids: [brandCampaign],
        date_range: 'LAST_30_DAYS',
      });
      expect(data.structured.period).toEqual({ start: '2026-10-25', end: '2026-11-23' });
      expect(
        data.structured.keywords.map((k: any) => [k.text, k.match_type, k.platform_status]).sort(),
      ).toEqual([
        ['acme project tool', 'BROAD', 'PAUSED'],
        ['acme projects', 'EXACT', 'ENABLED'],
        ['acme', 'PHRASE', 'ENABLED'],
      ]);
      const keywordSpend = data.structured.keywords.reduce(
        (sum: number, k: any) => sum + micros(k.metrics.spend),
        0,
      );
      const range = "segments.date BETWEEN '2026-10-25' AND '2026-11-23'";
      const [campaign] = await gaql(
        `SELECT campaign.id, metrics.cost_micros FROM campaign WHERE campaign.id = ${brandCampaign} AND ${range}`,
      );
      const groupRows = await gaql(
        `SELECT ad_group.id, metrics.cost_micros FROM ad_group WHERE campaign.id = ${brandCampaign} AND ${range}`,
      );
      expect(Number(campaign.metrics.costMicros)).toBeGreaterThan(0);
      expect(spendOf(groupRows)).toBe(Number(campaign.metrics.costMicros));
      expect(keywordSpend).toBe(Number(campaign.metrics.costMicros));
      // Clicks, impressions and conversions add up too, keyword by keyword against the raw report.
      const raw = await gaql(
        `SELECT ad_group_criterion.criterion_id, metrics.clicks, metrics.conversions FROM keyword_view WHERE campaign.id = ${brandCampaign} AND ${range}`,
      );
      expect(raw.reduce((s: number, r: any) => s + Number(r.metrics.clicks), 0)).toBe(
        data.structured.keywords.reduce((s: number, k: any) => s + k.metrics.clicks, 0),
      );

      const paused = await ok('list_search_keywords', { status: ['PAUSED'] });
      expect(paused.structured.keywords.map((k: any) => k.text).sort()).toEqual([
        'acme project tool',
        'pm tool',
      ]);
      const oneGroup = await ok('list_search_keywords', { ad_group_ids: [groups['Competitor terms']] });
      expect(oneGroup.structured.keywords.map((k: any) => k.text).sort()).toEqual([
        'asana vs',
        'trello alternative',
      ]);
      const criterionIds = oneGroup.structured.keywords.map((k: any) => Number(k.keyword_id));
      expect(criterionIds).toEqual([...criterionIds].sort((a, b) => a - b));
      const paging = await ok('list_search_keywords', { limit: 3 });
      expect(paging.structured.keywords).toHaveLength(3);
      const next = await ok('list_search_keywords', { limit: 3, cursor: paging.structured.next_cursor });
      expect(next.structured.keywords[0].keyword_id).not.toBe(paging.structured.keywords[2].keyword_id);

      const both = await call('list_search_keywords', {
        date_range: 'LAST_7_DAYS',
        start_date: '2026-11-01',
        end_date: '2026-11-02',
      });
      expect([both.status, both.body.code]).toEqual([400, 'invalid_arguments']);
      expect(both.body.error).toContain('give either date_range or start_date and end_date');
      const future = await call('list_search_keywords', { start_date: '2026-11-20', end_date: '2026-12-02' });
      expect(future.status).toBe(400);
      expect(future.body.error).toContain('end_date');
    });

    it('reports search terms costliest first; without_conversions keeps spend without conversions, not excluded', async () => {
      const all = await ok('list_search_terms', { date_range: 'LAST_30_DAYS', limit: 100 });
      const terms = all.structured.search_terms;
      expect(terms.length).toBeGreaterThan(15);
      const spends = terms.map((t: any) => micros(t.metrics.spend));
      expect(spends).toEqual([...spends].sort((a, b) => b - a));
      // "free project management software download" is excluded by the ad group's broad negative "free".
      expect(terms.find((t: any) => t.search_term.startsWith('free project'))?.status).toBe('EXCLUDED');
      expect(terms.find((t: any) => t.search_term === 'acme projects')).toMatchObject({
        status: 'ADDED',
        keyword: { text: 'acme projects', match_type: 'EXACT' },
      });
      const wasted = await ok('list_search_terms', {
        date_range: 'LAST_30_DAYS',
        without_conversions: true,
        limit: 100,
      });
      expect(wasted.structured.search_terms.length).toBeGreaterThan(3);
      for (const term of wasted.structured.search_terms) {
        expect(term.metrics.conversions).toBe(0);
        expect(micros(term.metrics.spend)).toBeGreaterThan(0);
        expect(['EXCLUDED', 'ADDED_EXCLUDED']).not.toContain(term.status);
      }
      // The terms of a campaign add up to its spend.
      const brand = campaigns['Brand - Search'] ?? '';
      const ofBrand = await ok('list_search_terms', {
        campaign_ids: [brand],
        date_range: 'LAST_30_DAYS',
        limit: 100,
      });
      const range = "segments.date BETWEEN '2026-10-25' AND '2026-11-23'";
      const [campaign] = await gaql(
        `SELECT campaign.id, metrics.cost_micros FROM campaign WHERE campaign.id = ${brand} AND ${range}`,
      );
      expect(
        ofBrand.structured.search_terms.reduce((s: number, t: any) => s + micros(t.metrics.spend), 0),
      ).toBe(Number(campaign.metrics.costMicros));
    });

    it('pauses and enables keywords of one ad group: scopes, dry run, audit, replay, reads back', async () => {
      const groupId = groups['Competitor terms'] ?? '';
      const ids = (await keywordsOf(groupId)).map((k) => k.data.criterionId);
      const statusOf = async () => (await keywordsOf(groupId)).map((k) => k.data.status);
      expect(await statusOf()).toEqual(['ENABLED', 'ENABLED']);

      const refusedRead = await call(
        'update_search_keywords',
        { ad_group_id: groupId, keyword_ids: ids, status: 'PAUSED' },
        readKey,
      );
      expect([refusedRead.status, refusedRead.body.code]).toEqual([403, 'insufficient_scope']);

      const before = mutates('adGroupCriteria');
      const dry = await ok('update_search_keywords', {
        ad_group_id: groupId,
        keyword_ids: ids,
        status: 'PAUSED',
        dry_run: true,
      });
      expect(dry.structured.dry_run).toBe(true);
      expect(dry.structured.preview[0].body.operations).toHaveLength(2);
      expect(mutates('adGroupCriteria')).toBe(before + 1);
      expect(await statusOf()).toEqual(['ENABLED', 'ENABLED']);

      const idem = randomUUID();
      const quota = await used();
      const paused = await call(
        'update_search_keywords',
        { ad_group_id: groupId, keyword_ids: ids, status: 'PAUSED' },
        acme.owner.key,
        idem,
      );
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      expect(paused.body.data.structured.keywords[0]).toMatchObject({
        keyword_id: ids[0],
        before: { status: 'ACTIVE', platform_status: 'ENABLED' },
        after: { status: 'PAUSED', platform_status: 'PAUSED' },
        changed: ['status'],
      });
      expect(await statusOf()).toEqual(['PAUSED', 'PAUSED']);
      const replay = await call(
        'update_search_keywords',
        { ad_group_id: groupId, keyword_ids: ids, status: 'PAUSED' },
        acme.owner.key,
        idem,
      );
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(paused.body);
      expect(mutates('adGroupCriteria')).toBe(before + 2);
      expect(await used()).toBe(quota + 1);
      const row = await service.auditRow(paused.body.request_id);
      // The audit keeps the keywords changed and the status they all went from and to: what a revert
      // passes back to the tool for them.
      expect(JSON.parse(row.details ?? '{}')).toMatchObject({
        objects: [
          { kind: 'keyword', id: ids[0], parentId: groupId },
          { kind: 'keyword', id: ids[1], parentId: groupId },
        ],
        before: { status: 'ACTIVE', platform_status: 'ENABLED' },
        after: { status: 'PAUSED', platform_status: 'PAUSED' },
      });
      const listed = await ok('list_search_keywords', { ad_group_ids: [groupId] });
      expect(listed.structured.keywords.map((k: any) => k.status)).toEqual(['PAUSED', 'PAUSED']);

      // Enabling starts spend: the write key is refused, the spend key may (over MCP too).
      const refused = await call('update_search_keywords', {
        ad_group_id: groupId,
        keyword_ids: ids,
        status: 'ACTIVE',
      });
      expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
      const enabled = await callTool(mcp, {
        name: 'update_search_keywords',
        arguments: { ad_group_id: groupId, keyword_ids: [ids[0]], status: 'ENABLED' },
      });
      expect(enabled.isError).toBeFalsy();
      expect(parsed('update_search_keywords', enabled.structuredContent)).toMatchObject({
        changed: ['status'],
      });
      expect(await statusOf()).toEqual(['ENABLED', 'PAUSED']);

      const unknown = await call('update_search_keywords', {
        ad_group_id: groupId,
        keyword_ids: [ids[0], '999'],
        status: 'PAUSED',
      });
      expect([unknown.status, unknown.body.code]).toEqual([400, 'invalid_arguments']);
      expect(unknown.body.error).toContain(`ad group ${groupId} has no keyword 999`);
      expect(await statusOf()).toEqual(['ENABLED', 'PAUSED']);
      const tooMany = await call('update_search_keywords', {
        ad_group_id: groupId,
        keyword_ids: Array.from({ length: 101 }, (_, i) => String(i + 1)),
        status: 'PAUSED',
      });
      expect([tooMany.status, tooMany.body.code]).toEqual([400, 'invalid_arguments']);
      const badStatus = await call('update_search_keywords', {
        ad_group_id: groupId,
        keyword_ids: ids,
        status: 'REMOVED',
      });
      expect(badStatus.status).toBe(400);
    });

    it('pauses an ad group and sets its bid: dry run changes nothing, raising needs the spend scope', async () => {
      const groupId = groups['Team planning tools'] ?? '';
      const group = async () => (await store.get<StoredAdGroup>('ad_group', groupId))?.data;
      const dry = await ok(
        'update_search_ad_group',
        {
          ad_group_id: groupId,
          status: 'PAUSED',
          cpc_bid: 0.9,
          dry_run: true,
        },
        spendKey,
      );
      expect(dry.structured).toMatchObject({
        before: { status: 'ACTIVE', platform_status: 'ENABLED', cpc_bid: null },
        after: { status: 'PAUSED', platform_status: 'PAUSED', cpc_bid: '0.90' },
        changed: ['status', 'cpc_bid'],
        dry_run: true,
      });
      expect(dry.structured.preview[0].body.operations[0]).toEqual({
        update: {
          resourceName: `customers/${acme.customerId}/adGroups/${groupId}`,
          status: 'PAUSED',
          cpcBidMicros: '900000',
        },
        updateMask: 'status,cpcBidMicros',
      });
      expect(await group()).toEqual({ name: 'Team planning tools', status: 'ENABLED' });

      // A bid where there was none raises it: the write key may not.
      const raise = await call('update_search_ad_group', { ad_group_id: groupId, cpc_bid: 0.9 });
      expect([raise.status, raise.body.code]).toEqual([403, 'insufficient_scope']);
      const paused = await ok('update_search_ad_group', { ad_group_id: groupId, status: 'PAUSED' });
      expect(paused.structured.after).toEqual({ status: 'PAUSED', platform_status: 'PAUSED', cpc_bid: null });
      expect((await group())?.status).toBe('PAUSED');
      const row = await service.auditRow(
        (await call('update_search_ad_group', { ad_group_id: groupId, cpc_bid: 0.9 }, spendKey)).body
          .request_id,
      );
      expect(JSON.parse(row.details ?? '{}')).toMatchObject({
        before: { cpc_bid: null },
        after: { cpc_bid: '0.90' },
      });
      expect((await group())?.cpcBidMicros).toBe('900000');
      const listed = await ok('list_search_ad_groups', { status: ['PAUSED'] });
      expect(listed.structured.ad_groups).toEqual([
        expect.objectContaining({ ad_group_id: groupId, cpc_bid: '0.90' }),
      ]);

      const nothing = await call('update_search_ad_group', { ad_group_id: groupId });
      expect([nothing.status, nothing.body.code]).toEqual([400, 'invalid_arguments']);
      expect(nothing.body.error).toContain('nothing to change: pass status, cpc_bid or both');
      const precise = await call('update_search_ad_group', { ad_group_id: groupId, cpc_bid: 0.905 });
      expect(precise.body.error).toContain('USD has 2 decimals');
      const missing = await call('update_search_ad_group', { ad_group_id: '123', status: 'PAUSED' });
      expect([missing.status, missing.body.code]).toEqual([400, 'upstream_rejected']);
      expect(missing.body.error).toContain(`customer ${acme.customerId} has no ad group 123`);
      const readOnly = await call(
        'update_search_ad_group',
        { ad_group_id: groupId, status: 'PAUSED' },
        readKey,
      );
      expect(readOnly.status).toBe(403);
    });

    it('adds the three costliest terms without conversions as exact campaign negatives: they leave the list', async () => {
      const brand = campaigns['Brand - Search'] ?? '';
      const args = { campaign_ids: [brand], without_conversions: true, date_range: 'LAST_30_DAYS' };
      const wasted = (await ok('list_search_terms', args)).structured.search_terms;
      const top = wasted.slice(0, 3).map((t: any) => t.search_term);
      expect(top).toHaveLength(3);
      const negatives = top.map((text: string) => ({ text, match_type: 'EXACT' }));
      const before = mutates('campaignCriteria');
      const dry = await ok('add_search_negative_keywords', {
        campaign_id: brand,
        keywords: negatives,
        dry_run: true,
      });
      expect(dry.structured).toMatchObject({
        added: negatives,
        skipped: [],
        changed: ['negative_keywords'],
        dry_run: true,
      });
      expect(mutates('campaignCriteria')).toBe(before + 1);
      const stored = async () =>
        (await store.list<StoredCampaignCriterion>('campaign_criterion', acme.customerId, brand)).length;
      expect(await stored()).toBe(1);

      const idem = randomUUID();
      const added = await call(
        'add_search_negative_keywords',
        { campaign_id: brand, keywords: negatives },
        acme.owner.key,
        idem,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data.structured).toMatchObject({
        campaign_id: brand,
        name: 'Brand - Search',
        added: negatives,
        before: { negative_keywords: 1 },
        after: { negative_keywords: 4 },
      });
      const replay = await call(
        'add_search_negative_keywords',
        { campaign_id: brand, keywords: negatives },
        acme.owner.key,
        idem,
      );
      expect(replay.body).toEqual(added.body);
      expect(mutates('campaignCriteria')).toBe(before + 2);
      expect(await stored()).toBe(4);
      const row = await service.auditRow(added.body.request_id);
      expect(JSON.parse(row.details ?? '{}')).toMatchObject({
        before: { negative_keywords: 1 },
        after: { negative_keywords: 4 },
      });

      const after = (await ok('list_search_terms', args)).structured.search_terms.map(
        (t: any) => t.search_term,
      );
      for (const term of top) expect(after).not.toContain(term);
      const everything = (
        await ok('list_search_terms', { campaign_ids: [brand], date_range: 'LAST_30_DAYS' })
      ).structured.search_terms;
      for (const term of top)
        expect(everything.find((t: any) => t.search_term === term)?.status).toBe('EXCLUDED');

      // Again with one new: the three are skipped and reported, the new one alone is sent.
      const again = await ok('add_search_negative_keywords', {
        campaign_id: brand,
        keywords: [
          ...negatives,
          { text: 'Jobs', match_type: 'BROAD' },
          { text: 'cheap', match_type: 'PHRASE' },
          { text: 'cheap', match_type: 'PHRASE' },
        ],
      });
      expect(again.structured.added).toEqual([{ text: 'cheap', match_type: 'PHRASE' }]);
      expect(again.structured.skipped.map((s: any) => s.reason)).toEqual([
        ...top.map(() => `already a negative of campaign ${brand}`),
        `already a negative of campaign ${brand}`,
        'repeated in this call',
      ]);
      // Ad group level, over MCP; and a read key may not.
      const groupId = groups['Brand terms'] ?? '';
      const viaMcp = await callTool(mcp, {
        name: 'add_search_negative_keywords',
        arguments: { ad_group_id: groupId, keywords: [{ text: 'login', match_type: 'BROAD' }] },
      });
      expect(viaMcp.isError).toBeFalsy();
      expect(parsed('add_search_negative_keywords', viaMcp.structuredContent)).toMatchObject({
        ad_group_id: groupId,
      });
      const negativesOfGroup = (
        await store.list<StoredKeyword>('ad_group_criterion', acme.customerId, groupId)
      ).filter((k) => k.data.negative);
      expect(negativesOfGroup.map((k) => k.data.keyword)).toEqual([{ text: 'login', matchType: 'BROAD' }]);
      const readOnly = await call(
        'add_search_negative_keywords',
        { ad_group_id: groupId, keywords: [{ text: 'x', match_type: 'EXACT' }] },
        readKey,
      );
      expect(readOnly.status).toBe(403);
    });

    it('reads performance by ad group and by device, each adding up to the campaign, with status and budget', async () => {
      const { client } = await clientFor(service, acme);
      const period = { start: '2026-11-01', end: '2026-11-23', byDay: false };
      const read = (query: Partial<PerformanceQuery>) =>
        campaignPerformance(client, acme.customerId, 'USD', { ...period, ...query });
      const byCampaign = await read({});
      const generic = campaigns['Generic - Search'] ?? '';
      expect(byCampaign.campaigns.find((c) => c.id === generic)).toEqual({
        id: generic,
        name: 'Generic - Search',
        platformStatus: 'ENABLED',
        dailyBudgetMicros: 80_000_000,
      });
      const spendOfCampaign = (rows: Array<{ campaignId: string; metrics: { spendMicros: number } }>) =>
        rows
          .filter((row) => row.campaignId === generic)
          .reduce((sum, row) => sum + row.metrics.spendMicros, 0);
      const total = spendOfCampaign(byCampaign.rows);
      expect(total).toBeGreaterThan(0);

      const byGroup = await read({ level: 'ad_group' });
      expect(
        byGroup.rows
          .filter((row) => row.campaignId === generic)
          .map((row) => row.adGroupId)
          .sort(),
      ).toEqual([groups['Project management software'], groups['Team planning tools']].sort());
      expect(byGroup.adGroups?.find((g) => g.id === groups['Team planning tools'])).toMatchObject({
        name: 'Team planning tools',
        campaignId: generic,
        platformStatus: expect.stringMatching(/^(ENABLED|PAUSED)$/),
      });
      expect(spendOfCampaign(byGroup.rows)).toBe(total);

      const byDevice = await read({ byDevice: true });
      const devices = byDevice.rows.filter((row) => row.campaignId === generic);
      expect(devices.map((row) => row.device).sort()).toEqual(['DESKTOP', 'MOBILE', 'TABLET']);
      expect(spendOfCampaign(byDevice.rows)).toBe(total);
      const groupsByDevice = await read({ level: 'ad_group', byDevice: true });
      expect(spendOfCampaign(groupsByDevice.rows)).toBe(total);
    });

    it('refuses bad negative keyword calls with a clear 400, sending nothing', async () => {
      const brand = campaigns['Brand - Search'] ?? '';
      const before = mutates('campaignCriteria') + mutates('adGroupCriteria');
      const kw = [{ text: 'free', match_type: 'EXACT' }];
      const both = await call('add_search_negative_keywords', {
        campaign_id: brand,
        ad_group_id: groups['Brand terms'],
        keywords: kw,
      });
      expect([both.status, both.body.code]).toEqual([400, 'invalid_arguments']);
      expect(both.body.error).toContain('pass exactly one of campaign_id or ad_group_id');
      const neither = await call('add_search_negative_keywords', { keywords: kw });
      expect(neither.body.error).toContain('is required: pass exactly one of campaign_id or ad_group_id');
      const badMatch = await call('add_search_negative_keywords', {
        campaign_id: brand,
        keywords: [{ text: 'x', match_type: 'EXACTLY' }],
      });
      expect(badMatch.status).toBe(400);
      const empty = await call('add_search_negative_keywords', { campaign_id: brand, keywords: [] });
      expect(empty.status).toBe(400);
      // Google's own refusal of a keyword it cannot take, in its words.
      const invalid = await call('add_search_negative_keywords', {
        campaign_id: brand,
        keywords: [{ text: 'free!!', match_type: 'EXACT' }],
      });
      expect([invalid.status, invalid.body.code]).toEqual([400, 'upstream_rejected']);
      expect(invalid.body.error).toContain('characters a keyword cannot have');
      const removed = await call('add_search_negative_keywords', {
        campaign_id: campaigns['Holiday sale'],
        keywords: kw,
      });
      expect(removed.body.error).toContain('is removed');
      expect(mutates('campaignCriteria') + mutates('adGroupCriteria')).toBe(before + 1);
    });
  },
);
