import { createHmac } from 'node:crypto';
import { DEFAULT_LIMITS } from '../../../src/key-limits.ts';
import { addAccount } from '../../../src/owners/add-account.ts';
import { SANDBOX_CLIENT } from '../../../src/platforms/endpoints.ts';
import { RecoveryPoints } from '../../../src/platforms/recovery-points.ts';
import { PlatformSession } from '../../../src/platforms/session.ts';
import { socialProtocol } from '../../../src/platforms/social/protocol.ts';
import {
  graphTime,
  recordCampaignActivity,
  type SandboxCampaign,
} from '../../../src/sandbox/social/campaign-records.ts';
import { newMagicAccountId } from '../../../src/sandbox/social/magic-accounts.ts';
import { SandboxStore, sandboxId } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import { findUserByEmail } from '../../../src/storage/users.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';
import type { Owner, TestService } from '../../support/service.ts';

export interface GraphAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** The sandbox app's `appsecret_proof` of a token, computed as Meta's "Securing requests" page says. */
export function proofOf(token: string): string {
  return createHmac('sha256', SANDBOX_CLIENT.clientSecret).update(token).digest('hex');
}

/**
 * A raw call to the social emulator, as a Graph client would make it: the token as a Bearer header and
 * the call signed with its `appsecret_proof` (unless `proof: false`).
 */
export async function graph(
  service: TestService,
  path: string,
  token?: string,
  options: { proof?: boolean; method?: string } = {},
): Promise<GraphAnswer> {
  const url = new URL(`${service.url}/sandbox/social${path}`);
  if (token && options.proof !== false) url.searchParams.set('appsecret_proof', proofOf(token));
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export async function socialAccounts(service: TestService, owner: Owner): Promise<AdAccount[]> {
  return listAdAccounts(service.services.storage.db, owner.userId, 'social');
}

/** The sandbox access token stored (encrypted) on the owner's social connection. */
export async function accessTokenOf(service: TestService, owner: Owner): Promise<string> {
  const [account] = await socialAccounts(service, owner);
  if (!account) throw new Error('the owner has no social account');
  return service.accessToken(account);
}

/**
 * A new owner whose only social account is a magic one, added as `adops accounts add --platform social
 * --account-id act_4000<8 digits><code>` adds it: the id is the owner's own, so every call makes another.
 */
export async function ownerWithMagicAccount(
  service: TestService,
  fault: 'rate_limited' | 'server_error' | 'token_expired' | 'slow',
): Promise<Owner> {
  const owner = await service.createOwner('free');
  const user = await findUserByEmail(service.services.storage.db, owner.email);
  if (!user) throw new Error('the owner was not stored');
  await addAccount(service.services, user, { platform: 'social', accountId: newMagicAccountId(fault) });
  return owner;
}

/** A session as a tool handler gets it, for the account given (which may not be the owner's own). */
export async function sessionFor(
  service: TestService,
  owner: Owner,
  account: AdAccount,
): Promise<PlatformSession> {
  const context: ToolContext = {
    services: service.services,
    caller: {
      userId: owner.userId,
      email: owner.email,
      tier: 'free',
      apiKeyId: owner.keyId,
      limits: DEFAULT_LIMITS,
    },
    account,
    dryRun: false,
    requestId: 'req_test',
    now: service.services.clock.now(),
    onProgress: () => {},
    trace: { upstreamRequestIds: [], createdObjectIds: [] },
    recovery: new RecoveryPoints({ now: () => new Date() }),
    async authorizeChange() {},
    noteChange() {},
  };
  return PlatformSession.open(context, socialProtocol);
}

/**
 * A campaign put in the social sandbox as the campaign write tools will make it (issue 13): stored, and
 * its activity recorded from `date` on, so the sandbox's insights follow it.
 */
export async function addSandboxCampaign(
  service: TestService,
  adAccountId: string,
  fields: Partial<SandboxCampaign> & { name: string; status: SandboxCampaign['status'] },
  options: { id?: string; date?: string; currency?: string } = {},
): Promise<string> {
  const { db } = service.services.storage;
  const now = service.services.clock.now();
  const id = options.id ?? `1202${sandboxId(14)}`;
  const campaign: SandboxCampaign = {
    objective: 'OUTCOME_TRAFFIC',
    buying_type: 'AUCTION',
    special_ad_categories: [],
    start_time: graphTime(now),
    created_time: graphTime(now),
    updated_time: graphTime(now),
    daily_budget: '5000',
    ...fields,
  };
  await new SandboxStore(db, 'social').put(
    { type: 'campaign', id, accountId: adAccountId, data: campaign },
    now,
  );
  await recordCampaignActivity(
    db,
    id,
    campaign,
    options.currency ?? 'USD',
    options.date ?? now.toISOString().slice(0, 10),
  );
  return id;
}

/** Changes a sandbox campaign from `date` on (today by default), as a status or budget update would. */
export async function changeSandboxCampaign(
  service: TestService,
  campaignId: string,
  change: Partial<SandboxCampaign>,
  date?: string,
): Promise<void> {
  const { db } = service.services.storage;
  const now = service.services.clock.now();
  const store = new SandboxStore(db, 'social');
  const stored = await store.get<SandboxCampaign>('campaign', campaignId);
  if (!stored) throw new Error(`no sandbox campaign ${campaignId}`);
  const campaign = { ...stored.data, ...change, updated_time: graphTime(now) };
  await store.update('campaign', campaignId, campaign, now);
  await recordCampaignActivity(db, campaignId, campaign, 'USD', date ?? now.toISOString().slice(0, 10));
}
