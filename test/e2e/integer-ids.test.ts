import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { callTool, connectOverHttp, textOf } from '../mcp/clients.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

const VIDEO_CAMPAIGN = 1_800_000_000_000_001;
const REFUSED: Array<[number, string]> = [
  [1.5, 'as a number, must be a whole number from 0 to 9007199254740991'],
  [-1, 'as a number, must be a whole number from 0 to 9007199254740991'],
  [2 ** 53, 'as a number, must be a whole number from 0 to 9007199254740991'],
];

/** Ids sent as JSON integers (the MCP inspector, many models) are the same ids, on both doors. */
describe('ids sent as integers', () => {
  let service: TestService;
  let owner: Owner;
  let mcp: Client;
  beforeAll(async () => {
    service = await TestService.start('sqlite');
    owner = await service.createOwner('max', ['video', 'search']);
    mcp = await connectOverHttp(service.url, owner.key);
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  it('REST: a safe whole number is taken as the id; 1.5, -1 and 2^53 are refused, saying why', async () => {
    const args = { campaign_id: VIDEO_CAMPAIGN, name: 'Renamed', dry_run: true };
    const taken = await service.call('update_video_campaign', args, { key: owner.key });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data.text).toContain(String(VIDEO_CAMPAIGN));
    for (const [id, says] of REFUSED) {
      const { status, body } = await service.call(
        'update_video_campaign',
        { ...args, campaign_id: id },
        { key: owner.key },
      );
      expect(status, String(id)).toBe(400);
      expect(body.structured_content.issues).toEqual([{ field: 'campaign_id', message: expect.any(String) }]);
      expect(body.error, String(id)).toContain(`campaign_id: ${says}`);
    }
  });

  it('takes the account id as an integer too, and says when one is too large for a number', async () => {
    const [search] = await listAdAccounts(service.services.storage.db, owner.userId, 'search');
    const listed = await service.call(
      'list_search_campaigns',
      { customer_id: Number(search?.account_id) },
      { key: owner.key },
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const refused = await service.call(
      'update_video_campaign',
      { campaign_id: VIDEO_CAMPAIGN, name: 'Renamed', advertiser_id: 2 ** 53, dry_run: true },
      { key: owner.key },
    );
    expect(refused.body.error).toContain('advertiser_id: as a number, must be a whole number');
  });

  it('a bad string, or a value of neither type, still gets a plain message', async () => {
    const cases: Array<[unknown, string]> = [
      ['abc', 'campaign_id: must be digits, like 1234567890'],
      [true, 'campaign_id: must be a string or a number (got true)'],
      [undefined, 'campaign_id: is required'],
    ];
    for (const [id, says] of cases) {
      const { status, body } = await service.call(
        'update_video_campaign',
        { campaign_id: id, name: 'Renamed', dry_run: true },
        { key: owner.key },
      );
      expect(status).toBe(400);
      expect(body.error, String(id)).toContain(says);
    }
  });

  it('MCP: the same, through tools/call', async () => {
    const taken = await callTool(mcp, {
      name: 'update_video_campaign',
      arguments: { campaign_id: VIDEO_CAMPAIGN, name: 'Renamed', dry_run: true },
    });
    expect(taken.isError, textOf(taken)).toBeFalsy();
    for (const [id, says] of REFUSED) {
      const refused = await callTool(mcp, {
        name: 'update_video_campaign',
        arguments: { campaign_id: id, name: 'Renamed', dry_run: true },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(says);
    }
  });

  // The document says what the door takes; the MCP list shows the string alone, within its byte budget
  // (src/tools/arguments.ts, publishedId), and a strict tool schema (OpenAI's) has the model write it.
  it('the OpenAPI document publishes an id as a string or an integer; the MCP list as a string', async () => {
    const document = (await (await fetch(`${service.url}/api/v1/openapi.json`)).json()) as Json;
    const schema = document.components.schemas.UpdateVideoCampaignArguments;
    expect(schema.properties.campaign_id).toMatchObject({
      type: ['string', 'integer'],
      pattern: expect.stringContaining('\\d{1,19}'),
      minimum: 0,
      maximum: 9007199254740991,
    });
    expect(schema.properties.advertiser_id).toMatchObject({ type: ['string', 'integer'], minimum: 0 });
    const { tools } = await mcp.listTools();
    const listed = tools.find((tool) => tool.name === 'update_video_campaign');
    const listedId = listed?.inputSchema.properties?.campaign_id as Json | undefined;
    expect(listedId).toMatchObject({ type: 'string' });
    expect(listedId?.anyOf).toBeUndefined();
  });
});
