import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import { listAuditEntries } from '../../src/storage/audit.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { adops } from '../support/cli.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TEST_ENCRYPTION_KEYS, TestService } from '../support/service.ts';
import {
  callTool,
  connectCurrentOverHttp,
  connectCurrentOverStdio,
  connectOverHttp,
  connectOverStdio,
  type StdioConnection,
  textOf,
} from './clients.ts';

describe.each(TEST_DIALECTS)('adops mcp over stdio on %s', (dialect) => {
  let service: TestService;
  const connections: StdioConnection[] = [];

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await service.stop();
  });

  function environment(owner: Owner, extra: Record<string, string> = {}): Record<string, string> {
    return {
      ADOPS_DATABASE_URL: service.database.url,
      ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
      ADOPS_API_KEY: owner.key,
      ...extra,
    };
  }

  async function start(args: string[], env: Record<string, string>): Promise<StdioConnection> {
    const connection = await connectOverStdio(args, env);
    connections.push(connection);
    return connection;
  }

  describe.each([
    { mode: 'local', args: () => [] },
    { mode: 'remote', args: () => ['--remote', service.url] },
  ])('$mode', ({ mode, args }) => {
    it('lists the tools exactly as the HTTP endpoint does', async () => {
      const owner = await service.createOwner();
      const { client } = await start(args(), environment(owner));
      const overHttp = await connectOverHttp(service.url, owner.key);
      const [listed, reference] = [await client.listTools(), await overHttp.listTools()];
      await overHttp.close();
      expect(listed.tools.map((tool) => tool.name)).toEqual(ALL_TOOLS.map((tool) => tool.name));
      expect(listed.tools).toEqual(reference.tools);
      expect(client.getInstructions()).toContain('created paused');
    });

    it('serves the resources, prompts and completions of the HTTP endpoint', async () => {
      const owner = await service.createOwner('free', ['video']);
      const { client } = await start(args(), environment(owner));
      const overHttp = await connectOverHttp(service.url, owner.key);
      try {
        expect(await client.listResources()).toEqual(await overHttp.listResources());
        expect(await client.listResourceTemplates()).toEqual(await overHttp.listResourceTemplates());
        expect(await client.readResource({ uri: 'adops://accounts' })).toEqual(
          await overHttp.readResource({ uri: 'adops://accounts' }),
        );
        expect(await client.listPrompts()).toEqual(await overHttp.listPrompts());
        const review = { name: 'weekly_review', arguments: { platform: 'video' } };
        expect(await client.getPrompt(review)).toEqual(await overHttp.getPrompt(review));
        const completion = await client.complete({
          ref: { type: 'ref/prompt', name: 'weekly_review' },
          argument: { name: 'platform', value: 'v' },
        });
        expect(completion.completion.values).toEqual(['video']);
      } finally {
        await overHttp.close();
      }
    });

    it('lists on 2026-07-28 what the HTTP endpoint lists on 2026-07-28', async () => {
      const owner = await service.createOwner();
      const current = await connectCurrentOverStdio(args(), environment(owner));
      const overHttp = await connectCurrentOverHttp(service.url, owner.key);
      try {
        const [listed, reference] = [await current.client.listTools(), await overHttp.listTools()];
        expect(current.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        expect(listed.tools.map((tool) => tool.name)).toEqual(reference.tools.map((tool) => tool.name));
        // The local server lists the shared-shape form; the forwarder, speaking 2025-11-25 to the
        // service, the inline one: both validate the same results.
        const shared = JSON.stringify(listed.tools).includes('"$ref"');
        expect(shared).toBe(mode === 'local');
      } finally {
        await overHttp.close();
        await current.close();
      }
    });

    it('runs calls through the pipeline, with the same answers and failures as REST', async () => {
      const owner = await service.createOwner('free', ['search', 'social', 'social']);
      const connection = await start(args(), environment(owner));
      const { client } = connection;

      const usage = await callTool(client, { name: 'get_usage_status', arguments: {} });
      const restUsage = await service.call('get_usage_status', {}, { key: owner.key });
      expect(textOf(usage)).toBe(restUsage.body.data.text);
      expect(usage.structuredContent).toEqual(restUsage.body.data.structured);

      const bad = { ad_id: 'x', headlines: [] };
      const invalid = await callTool(client, { name: 'update_ad_headlines', arguments: bad });
      const restInvalid = await service.call('update_ad_headlines', bad, { key: owner.key });
      expect(invalid.isError).toBe(true);
      expect(textOf(invalid)).toBe(restInvalid.body.error);
      expect(invalid._meta).toMatchObject({ 'adops/code': 'invalid_arguments', 'adops/status': 400 });

      const ids = (await listAdAccounts(service.services.storage.db, owner.userId, 'social')).map(
        (account) => account.account_id,
      );
      const unnamed = await callTool(client, { name: 'list_social_photo_accounts', arguments: {} });
      expect(unnamed._meta?.['adops/code']).toBe('account_selection_required');
      const offered = (
        unnamed._meta?.['adops/details'] as { accounts: Array<{ account_id: string }> } | undefined
      )?.accounts;
      expect(offered?.map((account) => account.account_id).sort()).toEqual([...ids].sort());
      const named = await callTool(client, {
        name: 'list_social_photo_accounts',
        arguments: { ad_account_id: ids[0] },
      });
      expect(named._meta?.['adops/code']).not.toBe('account_selection_required');

      const key = randomUUID();
      const call = { name: 'get_usage_status', arguments: {}, _meta: { 'adops/idempotency-key': key } };
      const first = await callTool(client, call);
      const replay = await callTool(client, call);
      expect(replay._meta?.['adops/replayed']).toBe(true);
      expect(replay._meta?.['adops/request-id']).toBe(first._meta?.['adops/request-id']);

      await expect(callTool(client, { name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        message:
          'MCP error -32602: Tool not found: no_such_tool. GET /api/v1/openapi.json (or MCP tools/list) lists every tool.',
      });

      await connection.close();
      if (mode === 'local') {
        expect(connection.stderr()).toContain('tool call completed');
        expect(connection.stderr()).not.toContain(owner.key);
      }
      await service.services.audit.flush();
      const audited = (await listAuditEntries(service.services.storage.db, owner.userId)).map(
        (entry) => entry.request_id,
      );
      expect(audited).toContain(first._meta?.['adops/request-id']);
      expect(audited).toContain(invalid._meta?.['adops/request-id']);
    });

    it('stops working within a second of its key being revoked by another process', async () => {
      const owner = await service.createOwner();
      const { client } = await start(args(), environment(owner));
      expect((await callTool(client, { name: 'get_usage_status', arguments: {} })).isError).toBeFalsy();
      await revokeApiKey(service.services.storage.db, owner.keyId, service.services.clock.now());
      // On PostgreSQL the notification of the revocation reaches the child a moment after the commit; the
      // second every credential is trusted at most bounds that moment.
      await setTimeout(1050);
      const refused = await callTool(client, { name: 'get_usage_status', arguments: {} });
      expect(refused.isError).toBe(true);
      expect(refused._meta).toMatchObject({ 'adops/code': 'unauthenticated', 'adops/status': 401 });
      expect(textOf(refused)).toContain('revoked');
    });

    it('fails fast on a bad or missing key, saying why on stderr', async () => {
      const owner = await service.createOwner();
      const wrong = await adops(['mcp', ...args()], environment(owner, { ADOPS_API_KEY: 'sk_live_nope' }));
      expect(wrong.code).toBe(1);
      expect(wrong.stdout).toBe('');
      expect(JSON.parse(wrong.stderr.trim().split('\n')[0] ?? '').error).toContain('not an adops API key');
      const missing = await adops(['mcp', ...args()], environment(owner, { ADOPS_API_KEY: '' }));
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('ADOPS_API_KEY is not set');
    });
  });

  it('reaches the sandbox platforms with no service running beside it', async () => {
    const owner = await service.createOwner('pro', ['video']);
    // No ADOPS_SANDBOX_URL: the desktop client's configuration as the README gives it.
    const { client } = await start([], environment(owner));
    const listed = await callTool(client, { name: 'list_video_campaigns', arguments: {} });
    expect(listed.isError, textOf(listed)).toBeFalsy();
    const rest = await service.call('list_video_campaigns', {}, { key: owner.key });
    expect(listed.structuredContent).toEqual(rest.body.data.structured);
    expect((listed.structuredContent as { campaigns: unknown[] }).campaigns.length).toBeGreaterThan(0);
  });

  it('runs the local server on its own configuration: its quota limits, its database', async () => {
    const owner = await service.createOwner('free', ['social']);
    const env = environment(owner, { ADOPS_TIER_LIMITS: 'free=0,plus=150,pro=600,max=3000' });
    const { client } = await start([], env);
    const refused = await callTool(client, { name: 'list_social_photo_accounts', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(refused._meta).toMatchObject({
      'adops/code': 'quota_exceeded',
      'adops/status': 402,
      'adops/quota': { used: 0, limit: 0, tier: 'free' },
    });
    const usage = await callTool(client, { name: 'get_usage_status', arguments: {} });
    expect(usage.isError).toBeFalsy();
  });

  // The console's address (ADOPS_APP_URL, else ADOPS_HOST and ADOPS_PORT) as docs/configuration.md gives it;
  // ADOPS_PUBLIC_URL is the API's address, not the console's.
  it.each([
    { case: 'a port', env: { ADOPS_PORT: '9191' }, billing: 'http://127.0.0.1:9191/billing' },
    {
      case: 'a port and an API URL',
      env: { ADOPS_PORT: '9191', ADOPS_PUBLIC_URL: 'https://api.example.com' },
      billing: 'http://127.0.0.1:9191/billing',
    },
    {
      case: 'a console URL',
      env: { ADOPS_PORT: '9191', ADOPS_APP_URL: 'https://console.example.com/' },
      billing: 'https://console.example.com/billing',
    },
  ] as Array<{ case: string; env: Record<string, string>; billing: string }>)(
    'links the quota refusal to the billing page of its configuration: $case',
    async ({ env, billing }) => {
      const owner = await service.createOwner('free', ['social']);
      const exhausted = { ADOPS_TIER_LIMITS: 'free=0,plus=150,pro=600,max=3000', ...env };
      const connection = await start([], environment(owner, exhausted));
      const refused = await callTool(connection.client, {
        name: 'list_social_photo_accounts',
        arguments: {},
      });
      expect(refused._meta?.['adops/code']).toBe('quota_exceeded');
      expect(textOf(refused)).toContain(`upgrade at ${billing}.`);
      expect(refused._meta?.['adops/quota']).toMatchObject({ upgrade_url: billing });
      const usage = await callTool(connection.client, { name: 'get_usage_status', arguments: {} });
      expect(usage.structuredContent).toMatchObject({ upgrade_url: billing });
      await connection.close();
    },
  );
});
