import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../../src/money.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { listNetworkCreatives } from '../../../src/tools/network/list-network-creatives.ts';
import { listNetworkOrganizations } from '../../../src/tools/network/list-network-organizations.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';

type Json = Record<string, any>;

/**
 * list_network_creatives and list_network_organizations on the LinkedIn sandbox, through REST and MCP:
 * the seeded creatives with their status, serving and review, paging, filters, refusals, the company
 * pages the member may advertise as; and the seeded campaigns' conversions, which now differ, so a
 * cost per conversion ranks them.
 */
describe.each(TEST_DIALECTS)('the network creatives and organizations lists (%s)', (dialect) => {
  const clock = new TestClock('2026-11-22T10:00:00.000Z');
  let service: TestService;
  let owner: Owner;
  let accountId: string;
  let mcp: Client;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    owner = await service.createOwner('max', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    mcp = await connectOverHttp(service.url, owner.key);
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  const call = (tool: string, args: Json, key = owner.key) => service.call(tool, args, { key });
  const creatives = (args: Json = {}) => call('list_network_creatives', args);
  const organizations = (args: Json = {}) => call('list_network_organizations', args);
  const quotaUsed = async () => (await call('get_usage_status', {})).body.data.quota.used as number;

  /** Sets fields of a creative as LinkedIn's clients do: a PARTIAL_UPDATE of the creative. */
  async function setCreative(creativeId: string, set: Json) {
    const { db } = service.services.storage;
    const grant = { userId: owner.userId, accountIds: [accountId] };
    const token = (await issueSandboxToken(db, 'network', 'access', grant, clock.now())).token;
    const creativeUrn = encodeURIComponent(`urn:li:sponsoredCreative:${creativeId}`);
    const response = await fetch(
      `${service.url}/sandbox/network/rest/adAccounts/${accountId}/creatives/${creativeUrn}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'linkedin-version': service.services.config.platforms.settings.network.apiVersion,
          'x-restli-protocol-version': '2.0.0',
          'x-restli-method': 'PARTIAL_UPDATE',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ patch: { $set: set } }),
      },
    );
    expect(response.status, await response.clone().text()).toBe(204);
  }

  it("lists the account's creatives with status, serving and review, in the output schema", async () => {
    const answer = await creatives();
    expect(answer.status).toBe(200);
    const structured = listNetworkCreatives.output?.parse(answer.body.data.structured) as Json;
    expect(structured.account_id).toBe(accountId);
    expect(structured.next_cursor).toBeNull();
    const rows = structured.creatives as Json[];
    expect(rows.map((c) => c.name).sort()).toEqual([
      'Customer story',
      'Everyone, everywhere',
      'Free trial',
      'Plans from $5',
      'Variation A',
      'Variation B',
    ]);
    for (const row of rows) {
      expect(row.creative_id).toMatch(/^\d+$/);
      expect(row).toMatchObject({ status: 'ACTIVE', platform_status: 'ACTIVE', review_status: 'APPROVED' });
    }
    // The carousel's campaign is paused: its ads do not serve; the others' do.
    const carousel = rows.filter((c) => c.campaign_id === '123456789');
    expect(carousel.map((c) => c.name).sort()).toEqual(['Variation A', 'Variation B']);
    expect(carousel.map((c) => c.is_serving)).toEqual([false, false]);
    expect(
      rows
        .filter((c) => c.is_serving)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Customer story', 'Everyone, everywhere', 'Free trial', 'Plans from $5']);
    const text = rows.find((c) => c.name === 'Plans from $5');
    expect(text).toMatchObject({ content_reference: null, headline: 'Plans from $5' });
    expect(rows.find((c) => c.name === 'Free trial')?.content_reference).toMatch(/^urn:li:share:\d+$/);
    expect(answer.body.data.text).toContain('| Variation A |');
  });

  it('pages with limit and next_cursor, and refuses a cursor of another query', async () => {
    const all = (await creatives()).body.data.structured.creatives.map((c: Json) => c.creative_id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await creatives({ limit: 4, ...(cursor && { cursor }) });
      expect(page.status).toBe(200);
      expect(page.body.data.structured.creatives.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.data.structured.creatives.map((c: Json) => c.creative_id));
      cursor = page.body.data.structured.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(all);

    const first = await creatives({ limit: 4 });
    const other = await creatives({
      limit: 4,
      status: ['PAUSED'],
      cursor: first.body.data.structured.next_cursor,
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('invalid_arguments');
    expect(other.body.error).toContain('cursor');
  });

  it('filters by campaigns and by status, the platform word taken too', async () => {
    const byUrn = await creatives({ campaign_ids: ['urn:li:sponsoredCampaign:123456789'] });
    expect(byUrn.body.data.structured.creatives.map((c: Json) => c.name).sort()).toEqual([
      'Variation A',
      'Variation B',
    ]);
    const nowhere = await creatives({ campaign_ids: ['999999999'] });
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.data.structured.creatives).toEqual([]);
    expect(nowhere.body.data.text).toContain('list_network_campaigns');

    const [a, b] = byUrn.body.data.structured.creatives as Json[];
    await setCreative(a?.creative_id, { intendedStatus: 'PAUSED' });
    await setCreative(b?.creative_id, { intendedStatus: 'ARCHIVED' });
    const paused = (await creatives({ status: ['PAUSED'] })).body.data.structured.creatives;
    expect(paused).toEqual([
      expect.objectContaining({ creative_id: a?.creative_id, status: 'PAUSED', platform_status: 'PAUSED' }),
    ]);
    const removed = (await creatives({ status: ['ARCHIVED'] })).body.data.structured.creatives;
    expect(removed).toEqual([
      expect.objectContaining({
        creative_id: b?.creative_id,
        status: 'REMOVED',
        platform_status: 'ARCHIVED',
      }),
    ]);
    // By default the removed one is left out.
    const current = (await creatives({ campaign_ids: ['123456789'] })).body.data.structured.creatives;
    expect(current.map((c: Json) => c.creative_id)).toEqual([a?.creative_id]);
    await setCreative(a?.creative_id, { intendedStatus: 'ACTIVE' });
  });

  it('refuses bad arguments with a 400 that names the field', async () => {
    const refusals: Array<[Json, string]> = [
      [{ campaign_ids: ['abc'] }, 'campaign_ids'],
      [{ campaign_ids: [] }, 'campaign_ids'],
      [{ status: ['SERVING'] }, 'status'],
      [{ status: ['ACTIVE', 'ACTIVE'] }, 'status'],
      [{ limit: 0 }, 'limit'],
      [{ bogus: 1 }, 'bogus'],
    ];
    for (const [args, field] of refusals) {
      const refused = await creatives(args);
      expect(refused.status, JSON.stringify(args)).toBe(400);
      expect(refused.body.code).toBe('invalid_arguments');
      expect(refused.body.error).toContain(field);
    }
    const refused = await organizations({ limit: 501 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('limit');
  });

  it('lists the company pages the member may advertise as, with their roles, page by page', async () => {
    const answer = await organizations();
    expect(answer.status).toBe(200);
    const structured = listNetworkOrganizations.output?.parse(answer.body.data.structured) as Json;
    expect(structured).toEqual({
      account_id: accountId,
      organizations: [
        {
          organization_id: '2414183',
          urn: 'urn:li:organization:2414183',
          name: 'Acme Project Tools',
          vanity_name: 'acme-project-tools',
          roles: ['ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER'],
        },
        {
          organization_id: '2414190',
          urn: 'urn:li:organization:2414190',
          name: 'Acme Project Tools for Teams',
          vanity_name: 'acme-for-teams',
          // The administrator role it asked for is not approved yet.
          roles: ['DIRECT_SPONSORED_CONTENT_POSTER'],
        },
      ],
      next_cursor: null,
    });
    expect(answer.body.data.text).toContain('| Acme Project Tools | 2414183 |');

    const first = await organizations({ limit: 1 });
    expect(first.body.data.structured.organizations.map((o: Json) => o.organization_id)).toEqual(['2414183']);
    const second = await organizations({ limit: 1, cursor: first.body.data.structured.next_cursor });
    expect(second.body.data.structured).toMatchObject({
      organizations: [expect.objectContaining({ organization_id: '2414190' })],
      next_cursor: null,
    });
    const other = await organizations({ limit: 2, cursor: first.body.data.structured.next_cursor });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain('cursor');
  });

  it('costs one quota unit a call, and a read key may call both', async () => {
    const key = await service.createKeyFor(owner, { scope: 'read' });
    for (const tool of ['list_network_creatives', 'list_network_organizations']) {
      const before = await quotaUsed();
      const answer = await call(tool, {}, key);
      expect(answer.status, tool).toBe(200);
      expect(await quotaUsed(), tool).toBe(before + 1);
    }
  });

  it('follows the multi-account rule', async () => {
    const two = await service.createOwner('max', ['network', 'network']);
    const accounts = await listAdAccounts(service.services.storage.db, two.userId, 'network');
    for (const tool of ['list_network_creatives', 'list_network_organizations']) {
      const unnamed = await call(tool, {}, two.key);
      expect(unnamed.status, tool).toBe(400);
      expect(unnamed.body.error).toContain('account_id');
      const named = await call(tool, { account_id: accounts[1]?.account_id }, two.key);
      expect(named.status, tool).toBe(200);
      expect(named.body.data.structured.account_id).toBe(accounts[1]?.account_id);
    }
    // The second account's member holds the same pages: the example organization is among them.
    const pages = await call('list_network_organizations', { account_id: accounts[1]?.account_id }, two.key);
    expect(pages.body.data.structured.organizations.map((o: Json) => o.organization_id)).toContain('2414183');
  });

  it('answers the same through MCP, marked read-only, its structured content in the output schema', async () => {
    const listed = (await mcp.listTools()).tools.filter((t) =>
      ['list_network_creatives', 'list_network_organizations'].includes(t.name),
    );
    expect(listed.map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([
      ['list_network_creatives', true],
      ['list_network_organizations', true],
    ]);
    for (const [tool, args] of [
      [listNetworkCreatives, { limit: 3 }],
      [listNetworkOrganizations, {}],
    ] as const) {
      const rest = await call(tool.name, args);
      const result = await callTool(mcp, { name: tool.name, arguments: args });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual(rest.body.data.structured);
      expect(() => tool.output?.parse(result.structuredContent)).not.toThrow();
    }
    const refused = await callTool(mcp, {
      name: 'list_network_creatives',
      arguments: { campaign_ids: ['x'] },
    });
    expect(refused.isError).toBe(true);
  });

  it('reports conversions that differ across campaigns, so a cost per conversion ranks them', async () => {
    const report = await call('get_network_campaign_performance', { date_range: 'LAST_30_DAYS' });
    expect(report.status).toBe(200);
    const ran = (report.body.data.structured.campaigns as Json[]).filter((c) => c.impressions > 0);
    expect(ran.length).toBeGreaterThanOrEqual(5);
    // A campaign that ran a few days only may draw no conversion; one with 60 clicks or more (three
    // conversions or more at LinkedIn's lowest rate) always has some.
    const converting = ran.filter((c) => c.clicks >= 60);
    expect(converting.length).toBeGreaterThanOrEqual(4);
    for (const campaign of ran) {
      // Fewer conversions than clicks: a share of the clicks converts.
      expect(campaign.conversions, campaign.name).toBeLessThan(campaign.clicks);
    }
    for (const campaign of converting) {
      expect(campaign.conversions, campaign.name).toBeGreaterThan(0);
      expect(campaign.cost_per_conversion, campaign.name).toEqual(expect.stringMatching(/^\d+\.\d{2}$/));
    }
    expect(new Set(converting.map((c) => c.conversions)).size).toBeGreaterThan(1);
    const costs = converting.map((c) => decimalToMicros(c.cost_per_conversion));
    expect(new Set(costs).size).toBe(costs.length);
    const ranked = [...ran].sort(
      (x, y) => decimalToMicros(x.cost_per_conversion) - decimalToMicros(y.cost_per_conversion),
    );
    expect(decimalToMicros(ranked[0]?.cost_per_conversion)).toBeLessThan(
      decimalToMicros(ranked.at(-1)?.cost_per_conversion),
    );
    expect(report.body.data.structured.totals.conversions).toBe(
      ran.reduce((sum, c) => sum + c.conversions, 0),
    );
  });
});
