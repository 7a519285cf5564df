import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, generateApiKey, hashApiKey } from '../../src/auth/api-key.ts';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { insertApiKey } from '../../src/storage/api-keys.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('the execute endpoint on %s', (dialect) => {
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_BODY_LIMIT_BYTES: '2048' } });
    owner = await service.createOwner('free', ['search', 'social', 'social']);
  });
  afterAll(() => service.stop());

  function expectErrorEnvelope(body: Record<string, any>, code: string, tool: string) {
    expect(body).toMatchObject({ success: false, is_error: true, code, tool });
    expect(typeof body.error).toBe('string');
    expect(body.error.length).toBeGreaterThan(10);
    expect(body.request_id).toMatch(/^req_/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  }

  it('answers a diagnostic tool with the success envelope and the request id header', async () => {
    const { status, body, headers } = await service.call('get_usage_status', {}, { key: owner.key });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, tool: 'get_usage_status' });
    expect(headers.get('x-request-id')).toBe(body.request_id);
    expect(body.data.quota).toEqual({
      used: 0,
      limit: 50,
      tier: 'free',
      period_end: expect.stringMatching(/^\d{4}-\d{2}-01$/),
    });
    expect(body.data.structured.tiers).toEqual([
      { tier: 'free', limit: 50 },
      { tier: 'plus', limit: 150 },
      { tier: 'pro', limit: 600 },
      { tier: 'max', limit: 3000 },
    ]);
    expect(body.data.structured.upgrade_url).toBe(`${service.services.config.appUrl}/billing`);
    expect(body.data.text).toContain('0 of 50');
  });

  it("keeps the key's last-used time", async () => {
    const fresh = await service.createOwner('free');
    const before = await service.services.storage.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', fresh.keyId)
      .executeTakeFirstOrThrow();
    expect(before.last_used_at).toBeNull();
    await service.call('get_usage_status', {}, { key: fresh.key });
    const after = await service.services.storage.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', fresh.keyId)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(after.last_used_at ?? '')).toBeLessThan(60_000);
  });

  it('lists connected accounts with the argument to pass them as', async () => {
    const { status, body } = await service.call(
      'list_connected_accounts',
      { platform: 'social' },
      { key: owner.key },
    );
    expect(status).toBe(200);
    expect(body.data.structured.accounts).toHaveLength(2);
    for (const account of body.data.structured.accounts) {
      expect(account).toMatchObject({ platform: 'social', argument: 'ad_account_id', status: 'active' });
      expect(account.account_id).toMatch(/^act_\d+$/);
      expect(body.data.text).toContain(account.account_id);
    }
    const all = await service.call('list_connected_accounts', {}, { key: owner.key });
    expect(all.body.data.structured.accounts.map((a: any) => a.platform)).toEqual([
      'search',
      'social',
      'social',
    ]);
  });

  it('reports connection health per platform with the connect link', async () => {
    const { status, body } = await service.call('get_connections_status', {}, { key: owner.key });
    expect(status).toBe(200);
    const byPlatform = Object.fromEntries(body.data.structured.platforms.map((p: any) => [p.platform, p]));
    expect(byPlatform.social).toMatchObject({
      connected: true,
      status: 'active',
      accounts: 2,
      mode: 'sandbox',
    });
    expect(byPlatform.video).toMatchObject({ connected: false, status: 'not_connected', accounts: 0 });
    expect(body.data.structured.connect_url).toBe(`${service.services.config.appUrl}/connections`);
  });

  it('rejects a body that is too large with 413', async () => {
    const big = JSON.stringify({ arguments: { padding: 'x'.repeat(4096) } });
    const { status, body } = await service.post('/api/v1/tools/get_usage_status/execute', big, {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.key}`,
    });
    expect(status).toBe(413);
    expectErrorEnvelope(body, 'payload_too_large', 'get_usage_status');
  });

  it('rejects a body that is not JSON with 400 and another media type with 415', async () => {
    const broken = await service.post('/api/v1/tools/get_usage_status/execute', '{"arguments": ', {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.key}`,
    });
    expect(broken.status).toBe(400);
    expectErrorEnvelope(broken.body, 'invalid_body', 'get_usage_status');

    const text = await service.post('/api/v1/tools/get_usage_status/execute', 'arguments', {
      'content-type': 'text/plain',
      authorization: `Bearer ${owner.key}`,
    });
    expect(text.status).toBe(415);
    expectErrorEnvelope(text.body, 'unsupported_media_type', 'get_usage_status');
  });

  it('wants an arguments object', async () => {
    for (const body of ['{}', '{"arguments": [1]}', '[]', '{"arguments": "x"}']) {
      const result = await service.post('/api/v1/tools/get_usage_status/execute', body, {
        'content-type': 'application/json',
        authorization: `Bearer ${owner.key}`,
      });
      expect(result.status).toBe(400);
      expectErrorEnvelope(result.body, 'invalid_body', 'get_usage_status');
      expect(result.body.error).toContain('arguments');
    }
    const empty = await service.post('/api/v1/tools/get_usage_status/execute', undefined, {
      authorization: `Bearer ${owner.key}`,
    });
    expect(empty.status).toBe(400);
    expectErrorEnvelope(empty.body, 'invalid_body', 'get_usage_status');
  });

  it('checks the body before the key, and the key before the tool', async () => {
    const noKeyBadBody = await service.post('/api/v1/tools/nope/execute', '{', {
      'content-type': 'application/json',
    });
    expect(noKeyBadBody.status).toBe(400);
    const noKey = await service.call('nope', {});
    expect(noKey.status).toBe(401);
    const unknownTool = await service.call('nope', {}, { key: owner.key });
    expect(unknownTool.status).toBe(404);
    expectErrorEnvelope(unknownTool.body, 'tool_not_found', 'nope');
    expect(unknownTool.body.error).toBe(
      'Tool not found: nope. GET /api/v1/openapi.json (or MCP tools/list) lists every tool.',
    );
    expect(unknownTool.body.structured_content).toEqual({ suggestions: [] });
  });

  it('suggests the tools an unknown name most likely meant', async () => {
    const cases: Array<[string, string[]]> = [
      ['get_usage', ['get_usage_status']],
      ['update_ad_headline', ['update_ad_headlines']],
      ['update_google_campaign', ['update_search_campaign']],
      ['pause_tiktok_campaign', ['update_video_campaign']],
    ];
    for (const [name, expected] of cases) {
      const { status, body } = await service.call(name, {}, { key: owner.key });
      expect(status).toBe(404);
      expect(body.structured_content.suggestions.slice(0, expected.length), name).toEqual(expected);
      expect(body.error).toContain(`Did you mean ${body.structured_content.suggestions.join(', ')}?`);
    }
  });

  it('refuses a key with any one character of its random part changed before looking it up', async () => {
    const { db } = service.services.storage;
    const { key } = generateApiKey();
    for (let position = API_KEY_PREFIX.length; position < key.length; position++) {
      const changed = key.slice(0, position) + (key[position] === 'x' ? 'y' : 'x') + key.slice(position + 1);
      // Stored as a live key of the owner: only the checksum, checked before the lookup, can refuse it.
      await insertApiKey(db, {
        createdBy: null,
        userId: owner.userId,
        name: `mistyped at ${position}`,
        prefix: changed.slice(0, 14),
        hash: hashApiKey(changed),
        expiresAt: null,
        limits: DEFAULT_LIMITS,
        now: service.services.clock.now(),
      });
      const { status, body } = await service.call('get_usage_status', {}, { key: changed });
      expect(status, `changed at ${position}`).toBe(401);
      expectErrorEnvelope(body, 'unauthenticated', 'get_usage_status');
      expect(body.error, `changed at ${position}`).toContain('its checksum does not match');
    }
  });

  it('answers unknown routes and methods with a 404 envelope', async () => {
    const response = await fetch(`${service.url}/api/v1/unknown`);
    expect(response.status).toBe(404);
    expectErrorEnvelope((await response.json()) as Record<string, any>, 'not_found', '');
    const get = await fetch(`${service.url}/api/v1/tools/get_usage_status/execute`);
    expect(get.status).toBe(404);
    const body = (await get.json()) as Record<string, any>;
    expectErrorEnvelope(body, 'not_found', 'get_usage_status');
    expect(body.error).toContain('POST /api/v1/tools/<tool_name>/execute');
  });

  it('names every offending field and lists the accepted ones', async () => {
    const { status, body } = await service.call(
      'update_ad_headlines',
      { ad_group_id: 'abc', headlines: ['One', 'one'], colour: 'red' },
      { key: owner.key },
    );
    expect(status).toBe(400);
    expectErrorEnvelope(body, 'invalid_arguments', 'update_ad_headlines');
    const fields = body.structured_content.issues.map((i: any) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['ad_group_id', 'ad_id', 'headlines', 'colour']));
    expect(body.error).toContain('colour: is not an accepted field (accepted: ad_group_id, ad_id, headlines');
    expect(body.error).toContain('ad_id: is required');
    expect(body.structured_content.accepted_fields).toContain('customer_id');
  });

  it('asks which account when several are connected, listing them', async () => {
    const { status, body } = await service.call('list_social_photo_accounts', {}, { key: owner.key });
    expect(status).toBe(400);
    expectErrorEnvelope(body, 'account_selection_required', 'list_social_photo_accounts');
    const ids = body.structured_content.accounts.map((a: any) => a.account_id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(body.error).toContain(id);
    expect(body.structured_content.argument).toBe('ad_account_id');
  });

  it('tells an owner without an account on the platform to connect one', async () => {
    const { status, body } = await service.call(
      'update_video_campaign',
      { campaign_id: '1', name: 'x' },
      { key: owner.key },
    );
    expect(status).toBe(400);
    expectErrorEnvelope(body, 'account_not_connected', 'update_video_campaign');
    expect(body.error).toContain(`${service.services.config.appUrl}/connections`);
  });

  it('accepts 123-456-7890 for a 10-digit customer id', async () => {
    const accounts = await service.call(
      'list_connected_accounts',
      { platform: 'search' },
      { key: owner.key },
    );
    const id: string = accounts.body.data.structured.accounts[0].account_id;
    const dashed = `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}`;
    const { status, body } = await service.call(
      'discover_existing_assets',
      { customer_id: dashed },
      { key: owner.key },
    );
    expect(body.code).not.toBe('account_selection_required');
    expect(status).toBe(200);
  });
});
