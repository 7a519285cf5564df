import { ApiClient, type SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';
import { AuthenticationApi } from 'tiktok-business-api-sdk-official/src/api/AuthenticationApi.js';
import { Oauth2AccessTokenBody } from 'tiktok-business-api-sdk-official/src/model/Oauth2AccessTokenBody.js';
import { endpointsFor, SANDBOX_CLIENT } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri } from '../../../src/platforms/oauth-flow.ts';
import { videoConnect } from '../../../src/platforms/video/connect.ts';
import { SandboxStore, sandboxId } from '../../../src/sandbox/store.ts';
import { consent } from '../../support/consent.ts';
import type { Owner, TestService } from '../../support/service.ts';

/** What the SDK hands its callback on success: TikTok's envelope without `code` and `message`. */
export interface SdkAnswer {
  data: any;
  request_id: string;
}

/** The official SDK's client, pointed at the service's TikTok sandbox instead of business-api.tiktok.com. */
export function sdkClient(service: TestService, timeoutMs = 10_000): ApiClient {
  const client = new ApiClient();
  client.basePath = `${service.url}/sandbox/video`;
  client.timeout = timeoutMs;
  return client;
}

export interface SdkOutcome {
  error: (Error & Record<string, any>) | null;
  data: any;
  /** superagent's response: the HTTP status and raw body TikTok's envelope came in. */
  response: { status: number; body: any } | undefined;
}

/** Runs one SDK call (callback style) and gives everything its callback got. */
export function sdkCall(start: (callback: SdkCallback) => unknown): Promise<SdkOutcome> {
  return new Promise((resolve) => {
    start((error, data, response) => resolve({ error, data, response }));
  });
}

/** Runs one SDK call and gives its answer, or rejects with the SDK's own error. */
export async function sdk(start: (callback: SdkCallback) => unknown): Promise<SdkAnswer> {
  const { error, data } = await sdkCall(start);
  if (error) throw error;
  return data as SdkAnswer;
}

/** The SDK's error for a call expected to fail. */
export async function sdkError(
  start: (callback: SdkCallback) => unknown,
): Promise<Error & Record<string, any>> {
  const { error } = await sdkCall(start);
  if (!error) throw new Error('the SDK call succeeded, a failure was expected');
  return error;
}

/** The parts of the SDK's error message (`request_id:... message: ... code: ...`). */
export function tiktokError(error: Error): { requestId: string; message: string; code: number } {
  const match = /^request_id:(\S*) message: (.*) code: (-?\d+)$/s.exec(error.message);
  if (!match) throw new Error(`not a TikTok error from the SDK: ${error.message}`);
  return { requestId: match[1] ?? '', message: match[2] ?? '', code: Number(match[3]) };
}

export interface SdkConnection {
  owner: Owner;
  token: string;
  advertiserId: string;
}

/**
 * An advertiser connected the way a developer using the SDK would: the owner, signed in to the console,
 * approves on the sandbox's consent page, and the SDK exchanges the returned `auth_code`.
 */
export async function connectWithSdk(service: TestService, accountName: string): Promise<SdkConnection> {
  const owner = await service.createOwner('pro');
  const endpoints = endpointsFor(service.services, 'video', 'sandbox');
  const redirectUri = connectRedirectUri(service.services, 'video');
  const back = await consent(
    service,
    owner.userId,
    videoConnect.authorizeUrl(endpoints, 'sdk-state', redirectUri, []),
    'approve',
    accountName,
  );
  const authCode = back.searchParams.get('auth_code') ?? '';
  const body = new Oauth2AccessTokenBody(SANDBOX_CLIENT.clientId, authCode, SANDBOX_CLIENT.clientSecret);
  const answer = await sdk((callback) =>
    new AuthenticationApi(sdkClient(service)).oauth2AccessToken({ body }, callback),
  );
  const [advertiserId] = answer.data.advertiser_ids as string[];
  return { owner, token: answer.data.access_token, advertiserId: advertiserId ?? '' };
}

export interface SandboxCampaign {
  campaign_name: string;
  budget_mode: string;
  budget: number;
  operation_status: string;
  objective_type?: string;
}

/**
 * Campaigns put straight into the sandbox (it serves no campaign/create), a millisecond apart and after
 * the advertiser's others, so campaign/get lists them in this order.
 */
export async function addCampaigns(
  service: TestService,
  advertiserId: string,
  campaigns: SandboxCampaign[],
): Promise<string[]> {
  const store = new SandboxStore(service.services.storage.db, 'video');
  const existing = await store.list('campaign', advertiserId);
  let tick =
    Math.max(service.services.clock.now().getTime(), ...existing.map((c) => Date.parse(c.createdAt))) + 1;
  const ids: string[] = [];
  for (const data of campaigns) {
    const id = `18${sandboxId(17)}`;
    await store.put(
      { type: 'campaign', id, accountId: advertiserId, data: { objective_type: 'TRAFFIC', ...data } },
      new Date(tick++),
    );
    ids.push(id);
  }
  return ids;
}
