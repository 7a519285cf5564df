import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { listAuditEntries } from '../../src/storage/audit.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { TestService } from '../support/service.ts';
import { callTool, connectOverHttp, textOf } from './clients.ts';

const LIMITS = { ADOPS_TIER_LIMITS: 'free=3,plus=150,pro=600,max=3000' };

describe.each(TEST_DIALECTS)('MCP over HTTP on %s', (dialect) => {
  const probe = probeTool('test_probe');
  const socialProbe = probeTool('test_social_probe', 'social');
  let service: TestService;
  const clients: Client[] = [];

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: LIMITS, extraTools: [probe.tool, socialProbe.tool] });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await service.stop();
  });

  async function connect(key: string, headers: Record<string, string> = {}): Promise<Client> {
    const client = await connectOverHttp(service.url, key, headers);
    clients.push(client);
    return client;
  }

  it('lists every tool with its description, annotations and an input schema that fits the tool', async () => {
    const owner = await service.createOwner();
    const { tools } = await (await connect(owner.key)).listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...service.services.tools.keys()]);
    // A title for people beside the name for programs, the platform by its product's name.
    const titles = Object.fromEntries(tools.map((tool) => [tool.name, tool.title]));
    expect(titles).toMatchObject({
      update_search_campaign: 'Update Google Ads campaign',
      create_network_image_campaign: 'Create LinkedIn Ads image campaign',
      list_social_photo_accounts: 'List Meta Ads photo accounts',
      get_video_campaign_performance: 'Get TikTok Ads campaign performance',
      get_usage_status: 'Get usage status',
    });
    expect(tools.every((tool) => tool.annotations?.title === tool.title)).toBe(true);
    expect(ALL_TOOLS).toHaveLength(53);
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    for (const tool of ALL_TOOLS) {
      const listed = tools.find((candidate) => candidate.name === tool.name);
      expect(listed, tool.name).toBeDefined();
      if (!listed) continue;
      expect(listed.description).toBe(tool.description);
      // What it costs, in the few words a model reads.
      expect(listed.description).toMatch(tool.billable ? /Billable: one quota unit\./ : /Free\./);
      expect(listed.annotations).toEqual({ title: listed.title, ...tool.annotations });
      expect(Object.keys(listed.inputSchema.properties ?? {})).toEqual(Object.keys(tool.input.shape));
      expect(listed.inputSchema.additionalProperties).toBe(false);
      const validate = ajv.compile(listed.inputSchema);
      expect(validate(tool.example), `${tool.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(validate({ ...tool.example, not_an_argument: 1 })).toBe(false);
    }
    for (const name of tools
      .map((tool) => tool.name)
      .filter((name) => /^(create|add)_network_campaign/.test(name)))
      expect(tools.find((tool) => tool.name === name)?.description).toMatch(/created PAUSED/);
  });

  it('runs a call through the pipeline: the text, the structured content and the quota', async () => {
    const owner = await service.createOwner('free');
    const client = await connect(owner.key);
    const probed = await callTool(client, { name: 'test_probe', arguments: { tag: 'first' } });
    expect(probed.isError).toBeFalsy();
    expect(textOf(probed)).toBe('ran first on no account');
    expect(probed.structuredContent).toMatchObject({ account_id: null });
    expect(probed._meta?.['adops/quota']).toMatchObject({ used: 1, limit: 3, tier: 'free' });

    const usage = await callTool(client, { name: 'get_usage_status', arguments: {} });
    const rest = await service.call('get_usage_status', {}, { key: owner.key });
    expect(textOf(usage)).toBe(rest.body.data.text);
    expect(usage.structuredContent).toEqual(rest.body.data.structured);
    expect(usage._meta?.['adops/quota']).toEqual(rest.body.data.quota);

    await service.services.audit.flush();
    const audit = await listAuditEntries(service.services.storage.db, owner.userId);
    const row = audit.find((entry) => entry.request_id === probed._meta?.['adops/request-id']);
    expect(row).toMatchObject({ tool: 'test_probe', status: 200, billable: 1, api_key_id: owner.keyId });
  });

  it('answers invalid arguments with the message, code and details of the REST error', async () => {
    const owner = await service.createOwner('free', ['search']);
    const args = { ad_id: 'x', headlines: ['only one'], colour: 'red' };
    const result = await callTool(await connect(owner.key), { name: 'update_ad_headlines', arguments: args });
    const rest = await service.call('update_ad_headlines', args, { key: owner.key });
    expect(rest.status).toBe(400);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(rest.body.error);
    expect(textOf(result)).toContain('colour');
    expect(result._meta).toMatchObject({ 'adops/code': 'invalid_arguments', 'adops/status': 400 });
    expect(result._meta?.['adops/details']).toEqual(rest.body.structured_content);
    expect(result.structuredContent).toBeUndefined();
  });

  it("names the platform's wait in _meta when it throttles, as Retry-After does on REST", async () => {
    const owner = await service.createOwner('free');
    const args = { outcome: 'upstream_throttled' };
    const result = await callTool(await connect(owner.key), { name: 'test_probe', arguments: args });
    const rest = await service.call('test_probe', args, { key: owner.key });
    expect(rest.headers.get('retry-after')).toBe('30');
    expect(result.isError).toBe(true);
    expect(result._meta).toMatchObject({
      'adops/code': 'upstream_rate_limited',
      'adops/status': 429,
      'adops/retry-after-seconds': 30,
    });
  });

  it('wants the account named when several are connected, and uses the one named', async () => {
    const owner = await service.createOwner('free', ['social', 'social']);
    const ids = (await listAdAccounts(service.services.storage.db, owner.userId, 'social')).map(
      (account) => account.account_id,
    );
    const client = await connect(owner.key);
    const runs = socialProbe.runs();
    const unnamed = await callTool(client, { name: 'test_social_probe', arguments: {} });
    expect(unnamed.isError).toBe(true);
    expect(unnamed._meta?.['adops/code']).toBe('account_selection_required');
    const offered = (
      unnamed._meta?.['adops/details'] as { accounts: Array<{ account_id: string }> } | undefined
    )?.accounts.map((a) => a.account_id);
    expect(offered?.sort()).toEqual([...ids].sort());
    expect(socialProbe.runs()).toBe(runs);
    const named = await callTool(client, { name: 'test_social_probe', arguments: { ad_account_id: ids[1] } });
    expect(named.isError).toBeFalsy();
    expect(named.structuredContent?.account_id).toBe(ids[1]);
  });

  it('stops billable calls at the quota with the REST message, while free tools still answer', async () => {
    const owner = await service.createOwner('free');
    const client = await connect(owner.key);
    for (let i = 1; i <= 3; i++) {
      const result = await callTool(client, { name: 'test_probe', arguments: {} });
      expect(result._meta?.['adops/quota']).toMatchObject({ used: i });
    }
    const refused = await callTool(client, { name: 'test_probe', arguments: {} });
    const rest = await service.call('test_probe', {}, { key: owner.key });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(rest.body.error);
    expect(refused._meta).toMatchObject({
      'adops/code': 'quota_exceeded',
      'adops/status': 402,
      'adops/quota': { used: 3, limit: 3, upgrade_url: `${service.services.config.appUrl}/billing` },
    });
    const usage = await callTool(client, { name: 'get_usage_status', arguments: {} });
    expect(usage.isError).toBeFalsy();
    expect(usage._meta?.['adops/quota']).toMatchObject({ used: 3, limit: 3 });
  });

  it('replays a call made again with the same key in _meta, without running it or using quota', async () => {
    const owner = await service.createOwner('free');
    const client = await connect(owner.key);
    const key = randomUUID();
    const runs = probe.runs();
    const call = { name: 'test_probe', arguments: { tag: 'once' }, _meta: { 'adops/idempotency-key': key } };
    const first = await callTool(client, call);
    const again = await callTool(client, call);
    expect(probe.runs()).toBe(runs + 1);
    expect(first._meta?.['adops/replayed']).toBeUndefined();
    expect(again._meta?.['adops/replayed']).toBe(true);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again._meta?.['adops/request-id']).toBe(first._meta?.['adops/request-id']);
    const other = await callTool(client, { ...call, arguments: { tag: 'other' } });
    expect(other._meta?.['adops/code']).toBe('idempotency_key_reused');
    const malformed = await callTool(client, { ...call, _meta: { 'adops/idempotency-key': 'not-a-uuid' } });
    expect(malformed._meta?.['adops/code']).toBe('invalid_idempotency_key');
    const usage = await callTool(client, { name: 'get_usage_status', arguments: {} });
    expect(usage._meta?.['adops/quota']).toMatchObject({ used: 1 });
  });

  it('takes the Idempotency-Key header too, and shares the record with REST', async () => {
    const owner = await service.createOwner('free');
    const key = randomUUID();
    const rest = await service.call(
      'test_probe',
      { tag: 'rest' },
      { key: owner.key, headers: { 'idempotency-key': key } },
    );
    expect(rest.status).toBe(200);
    const runs = probe.runs();
    const client = await connect(owner.key, { 'idempotency-key': key });
    const replay = await callTool(client, { name: 'test_probe', arguments: { tag: 'rest' } });
    expect(probe.runs()).toBe(runs);
    expect(replay._meta?.['adops/replayed']).toBe(true);
    expect(replay._meta?.['adops/request-id']).toBe(rest.body.request_id);
    expect(replay.structuredContent).toEqual(rest.body.data.structured);
  });

  it('answers an unknown tool with the protocol error for invalid params', async () => {
    const owner = await service.createOwner();
    const call = callTool(await connect(owner.key), { name: 'no_such_tool', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message:
        'MCP error -32602: Tool not found: no_such_tool. GET /api/v1/openapi.json (or MCP tools/list) lists every tool.',
    });
  });
});
