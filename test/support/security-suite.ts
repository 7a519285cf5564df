import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { generateApiKey } from '../../src/auth/api-key.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { asksOnlyToStop } from '../../src/pipeline/stop-call.ts';
import { PLATFORM_INFO, PLATFORMS } from '../../src/platform-families.ts';
import { quotaPeriod, tierLimit } from '../../src/quota.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import type { Dialect } from '../../src/storage/database.ts';
import { findUserById } from '../../src/storage/users.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { type ImageServer, serve, startImageServer } from '../assets/support/image-server.ts';
import { makeImage } from '../assets/support/images.ts';
import { createTestCertificate } from '../assets/support/test-certificate.ts';
import { seededAds } from '../platforms/search/support.ts';
import { type Owner, TestService } from './service.ts';

export interface SecurityContext {
  service: TestService;
  /** Has one account on every platform and quota to spend. */
  owner: Owner;
  /** Another owner with accounts of their own. */
  stranger: Owner;
  /** Keys of `owner` that must not work. */
  keys: { expired: string; revoked: string };
  /** Arguments each tool succeeds with on `owner`'s fresh sandbox accounts. */
  succeeding: (tool: Tool) => Record<string, unknown>;
}

/** A service whose media fetcher reaches a local HTTPS image server, so every tool can succeed. */
export interface SecurityService {
  service: TestService;
  images: ImageServer;
  stop(): Promise<void>;
}

export async function startSecurityService(dialect: Dialect): Promise<SecurityService> {
  const certificate = createTestCertificate();
  const images = await startImageServer(certificate, {
    '/landscape.jpg': serve(await makeImage(1200, 628, 'jpeg'), 'image/jpeg'),
    '/square.png': serve(await makeImage(1200, 1200, 'png')),
    '/logo.png': serve(await makeImage(128, 128, 'png')),
  });
  const service = await TestService.start(dialect, {
    env: {
      ADOPS_FETCH_ALLOW_HOSTS: 'localhost',
      ADOPS_FETCH_PORTS: String(images.port),
      ADOPS_FETCH_CA_FILE: certificate.certPath,
    },
  });
  return {
    service,
    images,
    stop: async () => {
      await service.stop();
      await images.close();
      certificate.remove();
    },
  };
}

/** Owners and keys for the suite: call once per service. */
export async function securityContext(service: TestService, images: ImageServer): Promise<SecurityContext> {
  const owner = await service.createOwner('max', [...PLATFORMS]);
  const stranger = await service.createOwner('max', [...PLATFORMS]);
  const { db } = service.services.storage;
  const user = await findUserById(db, owner.userId);
  if (!user) throw new Error('owner vanished');
  const longAgo = new Date(service.services.clock.now().getTime() - 31 * 86_400_000);
  const expired = await issueKey(db, user, 'expired', '30d', longAgo);
  const revoked = await issueKey(db, user, 'revoked', 'never', longAgo);
  await revokeApiKey(db, revoked.id, service.services.clock.now());
  const overrides = await succeedingOverrides(service, owner, images);
  return {
    service,
    owner,
    stranger,
    keys: { expired: expired.key, revoked: revoked.key },
    succeeding: (tool) => ({ ...tool.example, ...overrides[tool.name] }),
  };
}

/**
 * Where a tool's documented example names ids only the demo account has (search, video, the social
 * ad account) or files on the internet (images), the same call on `owner`'s own seeded objects and the
 * local image server. The network examples run as written: the owner's is the database's first network
 * account.
 */
async function succeedingOverrides(
  service: TestService,
  owner: Owner,
  images: ImageServer,
): Promise<Record<string, Record<string, unknown>>> {
  const { db } = service.services.storage;
  const [search] = await listAdAccounts(db, owner.userId, 'search');
  const [video] = await listAdAccounts(db, owner.userId, 'video');
  const [social] = await listAdAccounts(db, owner.userId, 'social');
  const ads = await seededAds(service, search?.account_id ?? '');
  const [campaign] = await new SandboxStore(db, 'video').list('campaign', video?.account_id ?? '');
  const socialCampaigns = await new SandboxStore(db, 'social').list('campaign', social?.account_id ?? '');
  const socialAdSets = await new SandboxStore(db, 'social').list('adset', social?.account_id ?? '');
  const [socialPage] = await new SandboxStore(db, 'social').list('page', social?.account_id ?? '');
  const adAccount = { ad_account_id: social?.account_id };
  // A change that waits for the owner: a daily budget set to a hundred times its own (by a spend key).
  const campaigns = await new SandboxStore(db, 'video').list<{ budget_mode: string; budget: number }>(
    'campaign',
    video?.account_id ?? '',
  );
  const daily = campaigns.find((c) => c.data.budget_mode === 'BUDGET_MODE_DAY');
  // The monitor tools' examples name the demo's monitor: the owner's own, one of them to delete.
  const monitor = async (name: string) => {
    const made = await service.call(
      'create_monitor',
      {
        platform: 'video',
        name,
        conditions: [{ metric: 'spend', operator: '>', threshold: 1000 }],
        action: 'notify',
      },
      { key: owner.key },
    );
    return made.body.data?.structured?.monitor?.id as string;
  };
  const [kept, deleted] = [await monitor('Kept'), await monitor('Deleted')];
  const asked = await service.call(
    'update_video_campaign',
    { campaign_id: daily?.id, budget: (daily?.data.budget ?? 1) * 100 },
    { key: await service.createKeyFor(owner, { scope: 'spend' }) },
  );
  return {
    get_approval: { approval_id: asked.body.data?.structured?.approval?.id },
    get_monitor_history: { monitor_id: kept },
    update_monitor: { monitor_id: kept },
    delete_monitor: { monitor_id: deleted },
    list_social_photo_accounts: adAccount,
    list_social_campaigns: adAccount,
    get_social_campaign_performance: {
      ...adAccount,
      campaign_ids: socialCampaigns.slice(0, 2).map((c) => c.id),
    },
    update_social_campaign: { ...adAccount, campaign_id: socialCampaigns[0]?.id },
    list_social_ad_sets: { ...adAccount, campaign_ids: [socialCampaigns[0]?.id] },
    list_social_ads: { ...adAccount, ad_set_ids: [socialAdSets[0]?.id] },
    update_social_ad_set: { ...adAccount, ad_set_id: socialAdSets[0]?.id },
    create_social_campaign: { ...adAccount, page_id: socialPage?.id },
    update_ad_headlines: { ad_group_id: ads.brandGroup, ad_id: ads.rsa },
    update_video_campaign: { campaign_id: campaign?.id },
    validate_and_prepare_assets: {
      marketing_images_landscape: [images.url('/landscape.jpg')],
      marketing_images_square: [images.url('/square.png')],
      logos_square: [images.url('/logo.png')],
    },
  };
}

function badKeys(context: SecurityContext): Array<[string, string | undefined]> {
  const unknown = generateApiKey().key;
  const { key } = context.owner;
  const mistyped = key.slice(0, 12) + (key[12] === 'A' ? 'B' : 'A') + key.slice(13);
  return [
    ['missing', undefined],
    ['malformed', 'sk_live_not-a-key'],
    ['bad checksum', mistyped],
    ['unknown', unknown],
    ['expired', context.keys.expired],
    ['revoked', context.keys.revoked],
  ];
}

/** The checks every tool must pass, whatever door it is served through (docs/contract.md). */
export function securitySuite(tool: Tool, context: () => SecurityContext): void {
  it('answers 401 to a missing, malformed, mistyped, unknown, expired or revoked key', async () => {
    const { service } = context();
    for (const [label, key] of badKeys(context())) {
      const { status, body } = await service.call(tool.name, tool.example, { key });
      expect(status, label).toBe(401);
      expect(body, label).toMatchObject({ success: false, code: 'unauthenticated', tool: tool.name });
      expect(body.error, label).toContain(service.services.config.appUrl);
    }
  });

  if (tool.platform) {
    const argument = PLATFORM_INFO[tool.platform].accountArgument;
    it(`refuses another owner's ${argument} without using quota`, async () => {
      const { service, owner, stranger } = context();
      const [theirs] = await listAdAccounts(
        service.services.storage.db,
        stranger.userId,
        tool.platform ?? undefined,
      );
      const before = await used(service, owner);
      const { status, body } = await service.call(
        tool.name,
        { ...tool.example, [argument]: theirs?.account_id },
        { key: owner.key },
      );
      expect(status).toBe(400);
      expect(body.code).toBe('account_selection_required');
      expect(await used(service, owner)).toBe(before);
    });
  }

  it(
    tool.billable && !asksOnlyToStop(tool, tool.example)
      ? 'answers 402 once the quota is used up'
      : 'still answers when the quota is used up',
    async () => {
      const { service } = context();
      const broke = await service.createOwner('free', [...PLATFORMS]);
      const { config, clock, storage } = service.services;
      await storage.db
        .insertInto('quota_usage')
        .values({ user_id: broke.userId, period: quotaPeriod(clock.now()), used: tierLimit(config, 'free') })
        .execute();
      // An example that names the demo's account is made on the broke owner's own.
      const argument = tool.platform && PLATFORM_INFO[tool.platform].accountArgument;
      const [own] = await listAdAccounts(storage.db, broke.userId, tool.platform ?? undefined);
      const args =
        argument && argument in tool.example
          ? { ...tool.example, [argument]: own?.account_id }
          : tool.example;
      const { status, body } = await service.call(tool.name, args, { key: broke.key });
      if (asksOnlyToStop(tool, args)) {
        // A stop is never refused for quota (docs/approvals.md): it runs free, or fails for its own reason.
        expect(body.code).not.toBe('quota_exceeded');
        expect(status).not.toBe(402);
        expect(await used(service, broke)).toBe(tierLimit(config, 'free'));
      } else if (tool.name === 'get_approval') {
        // Free; the example's approval is the demo's, so another owner's call finds none.
        expect([status, body.code]).toEqual([404, 'not_found']);
      } else if (tool.billable) {
        expect(status).toBe(402);
        expect(body.code).toBe('quota_exceeded');
        const limit = tierLimit(config, 'free');
        expect(body.quota).toMatchObject({ used: limit, limit, upgrade_url: `${config.appUrl}/billing` });
      } else {
        expect(status).toBe(200);
      }
    },
  );

  it('replays a recorded outcome for a repeated Idempotency-Key', async () => {
    const { service, owner, succeeding } = context();
    const headers = { 'idempotency-key': randomUUID() };
    const args = succeeding(tool);
    const first = await service.call(tool.name, args, { key: owner.key, headers });
    // Never skipped: a tool whose call fails here would leave its replay of a success untested.
    expect(
      first.status,
      `${tool.name} must succeed on a fresh sandbox account with its example or the suite's arguments ` +
        `(test/support/security-suite.ts); it answered ${first.body.code}: ${first.body.error}`,
    ).toBe(200);
    const before = await used(service, owner);
    const second = await service.call(tool.name, args, { key: owner.key, headers });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    // The recorded body, request id included: the tool did not run again.
    expect(second.body).toEqual(first.body);
    expect(await used(service, owner)).toBe(before);
  });
}

async function used(service: TestService, owner: Owner): Promise<number> {
  return (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used;
}
