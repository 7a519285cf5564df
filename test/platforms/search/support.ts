import { DEFAULT_LIMITS } from '../../../src/key-limits.ts';
import { SANDBOX_DEVELOPER_TOKEN } from '../../../src/platforms/endpoints.ts';
import { RecoveryPoints } from '../../../src/platforms/recovery-points.ts';
import { SearchClient } from '../../../src/platforms/search/client.ts';
import { searchProtocol } from '../../../src/platforms/search/protocol.ts';
import { PlatformSession } from '../../../src/platforms/session.ts';
import type { StoredAd } from '../../../src/sandbox/search/resources.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { findConnection, readConnectionTokens } from '../../../src/storage/connections.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';
import type { Owner, TestService } from '../../support/service.ts';

export const VERSION = 'v26';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A raw call to the search emulator, as a Google Ads REST client makes it (token and developer token by default). */
export async function googleAds(
  service: TestService,
  path: string,
  options: {
    method?: 'GET' | 'POST';
    token?: string | null;
    developerToken?: string | null;
    body?: unknown;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const developerToken =
    options.developerToken === undefined ? SANDBOX_DEVELOPER_TOKEN : options.developerToken;
  if (developerToken) headers['developer-token'] = developerToken;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${service.url}/sandbox/search${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export interface SearchOwner {
  owner: Owner;
  customerId: string;
  token: string;
  refreshToken: string;
}

/** An owner with one seeded sandbox Google Ads account, and the access token stored on its connection. */
export async function searchOwner(service: TestService): Promise<SearchOwner> {
  const owner = await service.createOwner('pro', ['search']);
  const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'search');
  if (!account) throw new Error('no search account');
  const connection = await findConnection(service.services.storage.db, account.connection_id);
  const tokens = connection && readConnectionTokens(service.services.cipher, connection);
  if (!tokens) throw new Error('no tokens');
  return {
    owner,
    customerId: account.account_id,
    token: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? '',
  };
}

export interface SeededAds {
  brandGroup: string;
  competitorGroup: string;
  rsa: string;
  textAd: string;
  competitorRsa: string;
}

/** The ids of the seed data (ad groups and ads), read from the sandbox's store. */
export async function seededAds(service: TestService, customerId: string): Promise<SeededAds> {
  const store = new SandboxStore(service.services.storage.db, 'search');
  const groups = await store.list<{ name: string }>('ad_group', customerId);
  const ads = await store.list<StoredAd>('ad', customerId);
  const group = (name: string) => groups.find((g) => g.data.name === name)?.id ?? '';
  const brandGroup = group('Brand terms');
  const competitorGroup = group('Competitor terms');
  const ad = (groupId: string, type: string) =>
    ads.find((a) => a.parentId === groupId && a.data.ad.type === type)?.id ?? '';
  return {
    brandGroup,
    competitorGroup,
    rsa: ad(brandGroup, 'RESPONSIVE_SEARCH_AD'),
    textAd: ad(brandGroup, 'EXPANDED_TEXT_AD'),
    competitorRsa: ad(competitorGroup, 'RESPONSIVE_SEARCH_AD'),
  };
}

export async function storedAd(service: TestService, adId: string): Promise<StoredAd | undefined> {
  return (await new SandboxStore(service.services.storage.db, 'search').get<StoredAd>('ad', adId))?.data;
}

/** The adapter's client on the owner's account, as a tool handler gets it; `trace` shows the audit ids. */
export async function clientFor(service: TestService, who: SearchOwner) {
  const [account] = await listAdAccounts(service.services.storage.db, who.owner.userId, 'search');
  if (!account) throw new Error('no search account');
  const context: ToolContext = {
    services: service.services,
    caller: {
      userId: who.owner.userId,
      email: who.owner.email,
      tier: 'pro',
      apiKeyId: who.owner.keyId,
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
  return {
    client: new SearchClient(await PlatformSession.open(context, searchProtocol)),
    trace: context.trace,
  };
}
