import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { DEFAULT_LIMITS } from '../../../src/key-limits.ts';
import { NetworkClient } from '../../../src/platforms/network/client.ts';
import { networkProtocol } from '../../../src/platforms/network/protocol.ts';
import { RecoveryPoints } from '../../../src/platforms/recovery-points.ts';
import { PlatformSession } from '../../../src/platforms/session.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

/**
 * The network adapter's reads against the LinkedIn sandbox: lists followed page by page (the search
 * finders' cursor, the campaigns finder's start/count), and an answer of an unexpected shape turned
 * into a clear upstream_error.
 */
describe.each(TEST_DIALECTS)('the network adapter reading LinkedIn (%s)', (dialect) => {
  let service: TestService;
  let client: NetworkClient;
  let trace: ToolContext['trace'];
  let store: SandboxStore;
  let accountId: string;
  const now = () => service.services.clock.now();

  beforeAll(async () => {
    service = await TestService.start(dialect);
    const owner = await service.createOwner('pro', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    if (!account) throw new Error('no network account');
    accountId = account.account_id;
    store = new SandboxStore(service.services.storage.db, 'network');
    trace = { upstreamRequestIds: [], createdObjectIds: [] };
    const context: ToolContext = {
      services: service.services,
      caller: {
        userId: owner.userId,
        email: owner.email,
        tier: 'pro',
        apiKeyId: owner.keyId,
        limits: DEFAULT_LIMITS,
      },
      account,
      dryRun: false,
      requestId: 'req_test',
      now: now(),
      onProgress: () => {},
      trace,
      recovery: new RecoveryPoints({ now: () => new Date() }),
      async authorizeChange() {},
      noteChange() {},
    };
    client = new NetworkClient(await PlatformSession.open(context, networkProtocol));
  });
  afterAll(() => service.stop());

  /** Requests sent by `read`, counted by the request ids LinkedIn's answers carry. */
  async function counted<T>(read: () => Promise<T>): Promise<{ result: T; requests: number }> {
    const before = trace.upstreamRequestIds.length;
    const result = await read();
    return { result, requests: trace.upstreamRequestIds.length - before };
  }

  it('follows the search cursor past the first page when it looks for what a crashed attempt made', async () => {
    const account = `urn:li:sponsoredAccount:${accountId}`;
    const made: string[] = [];
    for (let i = 0; i < 130; i++) {
      const id = String(700_000_000 + i);
      made.push(id);
      const data = { account, name: 'Crowd', status: 'PAUSED', runSchedule: { start: 1 } };
      await store.put({ type: 'campaign_group', id, accountId, data }, now());
    }
    const data = { account, name: 'Crowd, but removed', status: 'PAUSED', runSchedule: { start: 1 } };
    await store.put({ type: 'campaign_group', id: '799999999', accountId, data }, now());
    const { result, requests } = await counted(() => client.groupsMadeSince('Crowd', 0));
    expect(result.sort()).toEqual(made);
    expect(requests).toBe(2);
  });

  it('reads every creative of a campaign and every conversion pair, page by page', async () => {
    const [campaign] = await store.list('campaign', accountId);
    if (!campaign) throw new Error('no seeded campaign');
    for (let i = 0; i < 120; i++) {
      await store.put(
        {
          type: 'creative',
          id: String(600_000_000 + i),
          accountId,
          parentId: campaign.id,
          data: { content: { reference: `urn:li:share:${i}` }, intendedStatus: 'PAUSED' },
        },
        now(),
      );
    }
    const creatives = await counted(() => client.listCreatives(campaign.id));
    // The two seeded creatives and the 120 above.
    expect(creatives.result).toHaveLength(122);
    expect(creatives.requests).toBe(2);

    const conversion = 'urn:lla:llaPartnerConversion:1';
    for (let i = 0; i < 105; i++) {
      const data = { campaign: `urn:li:sponsoredCampaign:${campaign.id}`, conversion: `${conversion}${i}` };
      await store.put(
        { type: 'campaign_conversion', id: `${campaign.id}:1${i}`, accountId, parentId: campaign.id, data },
        now(),
      );
    }
    const pairs = await counted(() => client.campaignConversions(campaign.id));
    expect(pairs.result).toHaveLength(105);
    expect(pairs.requests).toBe(2);
  });

  it('turns an answer of an unexpected shape into an upstream_error naming the field', async () => {
    const data = { account: `urn:li:sponsoredAccount:${accountId}`, name: 42, status: 'PAUSED' };
    await store.put({ type: 'campaign_group', id: '711111111', accountId, data }, now());
    const failure = await client.getGroup('711111111').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'upstream_error' });
    expect((failure as AppError).message).toContain('campaign group 711111111');
    expect((failure as AppError).message).toContain('name');
  });
});
