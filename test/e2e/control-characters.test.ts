import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkImageCampaign } from '../../src/tools/network/create-network-image-campaign.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

const NETWORK_CREATE = { ...createNetworkImageCampaign.example, dry_run: true };

/**
 * Control characters in what callers send to the tools: text arguments refuse them (a NUL would reach the
 * platform, and PostgreSQL refuses one outright), and a tool name holding one, which can only be an
 * unknown tool, is answered and audited rather than failing on the database.
 */
describe.each(TEST_DIALECTS)('control characters in tool calls on %s', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let mcp: Client;
  beforeAll(async () => {
    service = await TestService.start(dialect);
    owner = await service.createOwner('max', ['video', 'network', 'search']);
    mcp = await connectOverHttp(service.url, owner.key);
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  it('refuses a control character in a text argument, naming the field, the character and where', async () => {
    const cases: Array<[string, Record<string, unknown>, { field: string; message: string }]> = [
      [
        'update_video_campaign',
        { campaign_id: '1800000000000001', name: 'Spring\u0000launch' },
        { field: 'name', message: 'must not hold a control character (U+0000 NUL) at character 7' },
      ],
      [
        'create_network_image_campaign',
        { ...NETWORK_CREATE, campaign_name: 'Two\nlines' },
        {
          field: 'campaign_name',
          message: 'must not hold a control character (U+000A line feed) at character 4',
        },
      ],
      [
        'create_network_image_campaign',
        { ...NETWORK_CREATE, landing_page_url: 'https://example.com/q\t4' },
        {
          field: 'landing_page_url',
          message: 'must not hold a control character (U+0009 tab) at character 22',
        },
      ],
      [
        'update_ad_headlines',
        { ad_group_id: '1', ad_id: '2', headlines: ['One', 'Two\u001b[2J', 'Three'] },
        {
          field: 'headlines[1]',
          message: 'must not hold a control character (U+001B escape) at character 4',
        },
      ],
    ];
    for (const [tool, args, issue] of cases) {
      const { status, body } = await service.call(tool, args, { key: owner.key });
      expect(status, tool).toBe(400);
      expect(body.code).toBe('invalid_arguments');
      expect(body.structured_content.issues).toContainEqual(issue);
    }
  });

  it('takes line breaks in the text of a post, where they belong, and white space around any value', async () => {
    const { status, body } = await service.call(
      'create_network_image_campaign',
      {
        ...NETWORK_CREATE,
        introductory_text: 'Meet the plan.\n\nBuilt for small teams.',
        campaign_name: '\t Control \n',
      },
      { key: owner.key },
    );
    expect(status, JSON.stringify(body)).toBe(200);
  });

  it('answers a tool name holding a NUL as an unknown tool, and audits it with the NUL escaped', async () => {
    // With an Idempotency-Key the audit row is written before the answer: that was a 500 on PostgreSQL.
    const path = `/api/v1/tools/${encodeURIComponent('usage\u0000status')}/execute`;
    const durable = await service.post(path, '{"arguments": {}}', {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.key}`,
      'idempotency-key': randomUUID(),
    });
    expect(durable.status).toBe(404);
    expect(durable.body.code).toBe('tool_not_found');
    expect((await service.auditRow(durable.body.request_id)).tool).toBe('usage\\u0000status');

    // Without a key the row goes with the next batch: on PostgreSQL the whole batch was given up.
    const turnedAway = await service.post(path, '{"arguments": {}}', { 'content-type': 'application/json' });
    expect(turnedAway.status).toBe(401);
    const beside = await service.call('get_usage_status', {}, { key: owner.key });
    expect(beside.status).toBe(200);
    expect((await service.auditRow(turnedAway.body.request_id)).tool).toBe('usage\\u0000status');
    expect((await service.auditRow(beside.body.request_id)).code).toBeNull();

    const overMcp = callTool(mcp, { name: 'usage\u0000status', arguments: {} });
    await expect(overMcp).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    await service.services.audit.flush();
    const rows = await service.services.storage.db
      .selectFrom('audit_log')
      .select('tool')
      .where('user_id', '=', owner.userId)
      .where('code', '=', 'tool_not_found')
      .execute();
    expect(rows.map((row) => row.tool)).toEqual(['usage\\u0000status', 'usage\\u0000status']);
  });
});
