import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest, UpstreamResponse } from '../upstream.ts';
import { networkRequestId } from './protocol.ts';
import type {
  CampaignBody,
  CampaignGroupBody,
  CreativeBody,
  NetworkCampaign,
  NetworkCampaignGroup,
  NetworkConversion,
  NetworkCreative,
  NetworkMedia,
  PostBody,
} from './types.ts';
import { compoundKey, pathSegment, restliList, urn } from './urns.ts';

export type NetworkRequest = UpstreamRequest;

/**
 * The LinkedIn Marketing API requests the network tools send, as values: the same builders make the
 * requests that are sent and the ones a dry run shows. Paths follow LinkedIn's versioned REST API.
 */
export class NetworkRequests {
  readonly apiUrl: string;
  readonly accountId: string;

  constructor(apiUrl: string, accountId: string) {
    this.apiUrl = apiUrl;
    this.accountId = accountId;
  }

  #account(path = ''): string {
    return `${this.apiUrl}/adAccounts/${encodeURIComponent(this.accountId)}${path}`;
  }

  getGroup(groupId: string): NetworkRequest {
    return {
      method: 'GET',
      url: this.#account(`/adCampaignGroups/${pathSegment(groupId)}`),
      idempotent: true,
    };
  }

  createGroup(body: CampaignGroupBody): NetworkRequest {
    return { method: 'POST', url: this.#account('/adCampaignGroups'), body, idempotent: false };
  }

  getCampaign(campaignId: string): NetworkRequest {
    return { method: 'GET', url: this.#account(`/adCampaigns/${pathSegment(campaignId)}`), idempotent: true };
  }

  createCampaign(body: CampaignBody): NetworkRequest {
    return { method: 'POST', url: this.#account('/adCampaigns'), body, idempotent: false };
  }

  /** Setting fields to given values can be repeated safely. */
  partialUpdate(url: string, set: Record<string, unknown>): NetworkRequest {
    return {
      method: 'POST',
      url,
      headers: { 'x-restli-method': 'PARTIAL_UPDATE' },
      body: { patch: { $set: set } },
      idempotent: true,
    };
  }

  /** LinkedIn deletes only drafts; anything else is removed by moving it to PENDING_DELETION. */
  removeGroup(groupId: string): NetworkRequest {
    return this.partialUpdate(this.#account(`/adCampaignGroups/${pathSegment(groupId)}`), {
      status: 'PENDING_DELETION',
    });
  }

  removeCampaign(campaignId: string): NetworkRequest {
    return this.partialUpdate(this.#account(`/adCampaigns/${pathSegment(campaignId)}`), {
      status: 'PENDING_DELETION',
    });
  }

  removeCreative(creativeUrn: string): NetworkRequest {
    return this.partialUpdate(this.#account(`/creatives/${pathSegment(creativeUrn)}`), {
      intendedStatus: 'PENDING_DELETION',
    });
  }

  findCreatives(campaignId: string): NetworkRequest {
    const query = `q=criteria&campaigns=${restliList([urn.campaign(campaignId)])}`;
    return { method: 'GET', url: this.#account(`/creatives?${query}`), idempotent: true };
  }

  createCreative(body: CreativeBody): NetworkRequest {
    return { method: 'POST', url: this.#account('/creatives'), body, idempotent: false };
  }

  getMedia(mediaUrn: string): NetworkRequest {
    const collection = mediaUrn.startsWith('urn:li:video:') ? 'videos' : 'images';
    return { method: 'GET', url: `${this.apiUrl}/${collection}/${pathSegment(mediaUrn)}`, idempotent: true };
  }

  initializeImageUpload(ownerUrn: string): NetworkRequest {
    return {
      method: 'POST',
      url: `${this.apiUrl}/images?action=initializeUpload`,
      body: { initializeUploadRequest: { owner: ownerUrn } },
      idempotent: false,
    };
  }

  initializeVideoUpload(ownerUrn: string, fileSizeBytes: number): NetworkRequest {
    return {
      method: 'POST',
      url: `${this.apiUrl}/videos?action=initializeUpload`,
      body: {
        initializeUploadRequest: {
          owner: ownerUrn,
          fileSizeBytes,
          uploadCaptions: false,
          uploadThumbnail: false,
        },
      },
      idempotent: false,
    };
  }

  /** Putting the same bytes at the same upload URL again is harmless. */
  uploadBytes(uploadUrl: string, bytes: Uint8Array): NetworkRequest {
    return {
      method: 'PUT',
      url: uploadUrl,
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
      idempotent: true,
    };
  }

  finalizeVideoUpload(videoUrn: string, uploadToken: string, uploadedPartIds: string[]): NetworkRequest {
    return {
      method: 'POST',
      url: `${this.apiUrl}/videos?action=finalizeUpload`,
      body: { finalizeUploadRequest: { video: videoUrn, uploadToken, uploadedPartIds } },
      idempotent: true,
    };
  }

  createPost(body: PostBody): NetworkRequest {
    return { method: 'POST', url: `${this.apiUrl}/posts`, body, idempotent: false };
  }

  deletePost(postUrn: string): NetworkRequest {
    return { method: 'DELETE', url: `${this.apiUrl}/posts/${pathSegment(postUrn)}`, idempotent: true };
  }

  getConversion(conversionId: string): NetworkRequest {
    return {
      method: 'GET',
      url: `${this.apiUrl}/conversions/${pathSegment(conversionId)}`,
      idempotent: true,
    };
  }

  findCampaignConversions(campaignId: string): NetworkRequest {
    const query = `q=campaigns&campaigns=${restliList([urn.campaign(campaignId)])}`;
    return { method: 'GET', url: `${this.apiUrl}/campaignConversions?${query}`, idempotent: true };
  }

  /** An upsert keyed by the pair: repeating it changes nothing. */
  associateConversion(campaignId: string, conversionId: string): NetworkRequest {
    const campaign = urn.campaign(campaignId);
    const conversion = urn.conversion(conversionId);
    return {
      method: 'PUT',
      url: `${this.apiUrl}/campaignConversions/${compoundKey({ campaign, conversion })}`,
      body: { campaign, conversion },
      idempotent: true,
    };
  }
}

/** The id LinkedIn gave a created object, from the `x-restli-id` header (sometimes percent-encoded). */
export function createdId(response: UpstreamResponse): string | undefined {
  const raw = response.headers['x-restli-id'];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Sends the requests through the account's session: token, versions, errors and request ids handled. */
export class NetworkClient {
  readonly session: PlatformSession;
  readonly requests: NetworkRequests;

  constructor(session: PlatformSession) {
    this.session = session;
    this.requests = new NetworkRequests(session.endpoints.apiUrl, session.account.account_id);
  }

  async send(request: NetworkRequest): Promise<UpstreamResponse> {
    const response = await this.session.send(request);
    this.session.noteRequestId(networkRequestId(response));
    return response;
  }

  async json<T>(request: NetworkRequest): Promise<T> {
    const response = await this.send(request);
    return JSON.parse(response.body || '{}') as T;
  }

  getGroup(groupId: string): Promise<NetworkCampaignGroup> {
    return this.json(this.requests.getGroup(groupId));
  }

  getCampaign(campaignId: string): Promise<NetworkCampaign> {
    return this.json(this.requests.getCampaign(campaignId));
  }

  async listCreatives(campaignId: string): Promise<NetworkCreative[]> {
    const page = await this.json<{ elements?: NetworkCreative[] }>(this.requests.findCreatives(campaignId));
    return page.elements ?? [];
  }

  getMedia(mediaUrn: string): Promise<NetworkMedia> {
    return this.json(this.requests.getMedia(mediaUrn));
  }

  getConversion(conversionId: string): Promise<NetworkConversion> {
    return this.json(this.requests.getConversion(conversionId));
  }

  async campaignConversions(campaignId: string): Promise<Array<{ campaign: string; conversion: string }>> {
    const page = await this.json<{ elements?: Array<{ campaign: string; conversion: string }> }>(
      this.requests.findCampaignConversions(campaignId),
    );
    return page.elements ?? [];
  }
}
