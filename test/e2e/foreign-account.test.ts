import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META } from '../../src/mcp/meta.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)(
  'the API never acts on an account its key’s owner did not connect, on %s',
  (dialect) => {
    let service: TestService;
    let ann: Owner;
    let mallory: Owner;
    let annAccount: string;
    let annCampaign: string;
    let mcp: Client;

    beforeAll(async () => {
      service = await TestService.start(dialect);
      ann = await service.createOwner('pro', ['video']);
      mallory = await service.createOwner('pro', ['video']);
      annAccount =
        (await listAdAccounts(service.services.storage.db, ann.userId, 'video'))[0]?.account_id ?? '';
      const [campaign] = await new SandboxStore(service.services.storage.db, 'video').list(
        'campaign',
        annAccount,
      );
      annCampaign = campaign?.id ?? '';
      mcp = await connectOverHttp(service.url, mallory.key);
    });
    afterAll(async () => {
      await mcp?.close();
      await service.stop();
    });

    async function annCampaignState() {
      const campaign = await new SandboxStore(service.services.storage.db, 'video').get(
        'campaign',
        annCampaign,
      );
      return { data: campaign?.data, updatedAt: campaign?.updatedAt };
    }

    const attempts = () => [
      { advertiser_id: annAccount, campaign_id: annCampaign, name: 'Taken over' },
      { advertiser_id: annAccount, campaign_id: annCampaign, budget: 900 },
      // Her own account named, Ann's campaign in it: the sandbox token reaches her account only.
      { campaign_id: annCampaign, name: 'Taken over' },
    ];

    it('refuses another owner’s account id over REST, and leaves its objects untouched', async () => {
      const before = await annCampaignState();
      const [named, budget, ownAccount] = await Promise.all(
        attempts().map((args) => service.call('update_video_campaign', args, { key: mallory.key })),
      );
      for (const refused of [named, budget]) {
        expect(refused?.status).toBe(400);
        expect(refused?.body.code).toBe('account_selection_required');
        expect(refused?.body.error).toContain(`advertiser_id "${annAccount}" is not one of your connected`);
      }
      expect(ownAccount?.status).toBe(400);
      expect(ownAccount?.body.code).toBe('upstream_rejected');
      expect(await annCampaignState()).toEqual(before);
      expect((await service.call('get_usage_status', {}, { key: mallory.key })).body.data.quota.used).toBe(0);
    });

    it('refuses it over MCP the same way', async () => {
      const before = await annCampaignState();
      const [named, budget, ownAccount] = await Promise.all(
        attempts().map((args) => callTool(mcp, { name: 'update_video_campaign', arguments: args })),
      );
      for (const refused of [named, budget]) {
        expect(refused?.isError).toBe(true);
        expect(refused?._meta?.[META.code]).toBe('account_selection_required');
      }
      expect(ownAccount?.isError).toBe(true);
      expect(ownAccount?._meta?.[META.code]).toBe('upstream_rejected');
      expect(await annCampaignState()).toEqual(before);
    });

    it('still lets Ann act on her own campaign', async () => {
      const done = await service.call(
        'update_video_campaign',
        { campaign_id: annCampaign, name: 'Renamed by Ann' },
        { key: ann.key },
      );
      expect(done.status).toBe(200);
      expect((await annCampaignState()).data).toMatchObject({ campaign_name: 'Renamed by Ann' });
    });
  },
);
