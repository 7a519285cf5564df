import type { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest, UpstreamResponse } from '../upstream.ts';
import {
  analyticsAnswer,
  batchAnswer,
  campaignAnswer,
  campaignConversionAnswer,
  conversionAnswer,
  creativeAnswer,
  groupAnswer,
  mediaAnswer,
  type NetworkAnalyticsElement,
  type NetworkCampaign,
  type NetworkCampaignGroup,
  type NetworkConversion,
  type NetworkCreative,
  type NetworkMedia,
  type NetworkOrganization,
  type NetworkOrganizationAcl,
  organizationAclAnswer,
  organizationAnswer,
  pageAnswer,
} from './answers.ts';
import { networkRequestId } from './protocol.ts';
import type { CampaignBody, CampaignGroupBody, CreativeBody, PostBody } from './types.ts';
import { compoundKey, idOf, pathSegment, restliList, restliSearch, restliValue, urn } from './urns.ts';

export type NetworkRequest = UpstreamRequest;

/**
 * Rows per page. The search finders page with a cursor from version 202401 (`pageSize`, LinkedIn's
 * default 100, and `pageToken`); the campaigns finder of campaignConversions with `start`/`count`.
 */
const FINDER_PAGE = 100;
/** URNs per finder criterion or analytics facet, to keep a request's URL well under LinkedIn's limit. */
const URNS_PER_REQUEST = 50;

/** The cursor paging of a search finder, for its first page or the one a token names. */
function cursor(pageToken: string | undefined, pageSize = FINDER_PAGE): string {
  return `pageSize=${pageSize}${pageToken ? `&pageToken=${restliValue(pageToken)}` : ''}`;
}

/** A search finder's query: its criteria (none: every element), then the cursor. */
function searchQuery(criteria: SearchCriteria, pageToken: string | undefined, pageSize?: number): string {
  const search = Object.keys(criteria).length > 0 ? `&search=${restliSearch(criteria)}` : '';
  return `q=search${search}&${cursor(pageToken, pageSize)}`;
}

/** The criteria of a search finder: for each field, the values one of which an element must have. */
export type SearchCriteria = Record<string, string[]>;

/** The items in consecutive groups of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** A day as adAnalytics takes it, `(year:2026,month:11,day:1)`, from `YYYY-MM-DD`. */
function analyticsDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `(year:${year},month:${month},day:${day})`;
}

/** The criteria of the creatives finder: the creatives of these campaigns (ids), in these intended statuses. */
export interface CreativeCriteria {
  campaignIds?: string[] | undefined;
  intendedStatuses?: string[] | undefined;
}

/** The metrics the adapter reads from adAnalytics, with the pivot and the days each element covers. */
export const ANALYTICS_FIELDS = [
  'impressions',
  'clicks',
  'costInLocalCurrency',
  'costInUsd',
  'externalWebsiteConversions',
  'dateRange',
  'pivotValues',
] as const;

/** One adAnalytics question: campaigns' (or their creatives') metrics over whole days, by day or in all. */
export interface AnalyticsRequest {
  /** What each element is about (default CAMPAIGN). */
  pivot?: 'CAMPAIGN' | 'CREATIVE' | undefined;
  /** The facet that picks the campaigns: the account's, or these campaigns (URNs). */
  facet: { accounts: string[] } | { campaigns: string[] };
  start: string;
  end: string;
  granularity: 'DAILY' | 'ALL';
}

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

  /** Campaign groups of the account meeting every criterion, a page at a time. */
  findGroups(criteria: SearchCriteria, pageToken?: string, pageSize?: number): NetworkRequest {
    const query = searchQuery(criteria, pageToken, pageSize);
    return { method: 'GET', url: this.#account(`/adCampaignGroups?${query}`), idempotent: true };
  }

  findCampaigns(criteria: SearchCriteria, pageToken?: string, pageSize?: number): NetworkRequest {
    const query = searchQuery(criteria, pageToken, pageSize);
    return { method: 'GET', url: this.#account(`/adCampaigns?${query}`), idempotent: true };
  }

  /** The analytics finder, pivoted by campaign or creative: adAnalytics lives outside the account's path. */
  analytics(question: AnalyticsRequest): NetworkRequest {
    const [facet, urns] =
      'accounts' in question.facet
        ? ['accounts', question.facet.accounts]
        : ['campaigns', question.facet.campaigns];
    const query = [
      'q=analytics',
      `pivot=${question.pivot ?? 'CAMPAIGN'}`,
      `timeGranularity=${question.granularity}`,
      `dateRange=(start:${analyticsDate(question.start)},end:${analyticsDate(question.end)})`,
      `${facet}=${restliList(urns)}`,
      // Rest.li 1.0 style, unencoded, as LinkedIn reads a projection (and its official client sends it).
      `fields=${ANALYTICS_FIELDS.join(',')}`,
    ].join('&');
    return { method: 'GET', url: `${this.apiUrl}/adAnalytics?${query}`, idempotent: true };
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

  /** Sets fields of a campaign (status, dailyBudget, name), leaving the others as they are. */
  updateCampaign(campaignId: string, set: Record<string, unknown>): NetworkRequest {
    return this.partialUpdate(this.#account(`/adCampaigns/${pathSegment(campaignId)}`), set);
  }

  activateGroup(groupId: string): NetworkRequest {
    return this.partialUpdate(this.#account(`/adCampaignGroups/${pathSegment(groupId)}`), {
      status: 'ACTIVE',
    });
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

  /** The account's creatives meeting the criteria (none: all of them), a page at a time. */
  findCreatives(criteria: CreativeCriteria, pageToken?: string, pageSize?: number): NetworkRequest {
    const query = [
      'q=criteria',
      ...(criteria.campaignIds ? [`campaigns=${restliList(criteria.campaignIds.map(urn.campaign))}`] : []),
      ...(criteria.intendedStatuses ? [`intendedStatuses=${restliList(criteria.intendedStatuses)}`] : []),
      cursor(pageToken, pageSize),
    ].join('&');
    return { method: 'GET', url: this.#account(`/creatives?${query}`), idempotent: true };
  }

  /** The roles the connected member holds on company pages, in this state (organizationAcls). */
  findOrganizationRoles(state: string, start: number): NetworkRequest {
    const query = `q=roleAssignee&state=${restliValue(state)}&start=${start}&count=${FINDER_PAGE}`;
    return { method: 'GET', url: `${this.apiUrl}/organizationAcls?${query}`, idempotent: true };
  }

  /** Company pages by their numeric ids (BATCH_GET). */
  getOrganizations(organizationIds: string[]): NetworkRequest {
    const query = `ids=${restliList(organizationIds)}`;
    return { method: 'GET', url: `${this.apiUrl}/organizations?${query}`, idempotent: true };
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

  findCampaignConversions(campaignId: string, start = 0): NetworkRequest {
    const query = `q=campaigns&campaigns=${restliList([urn.campaign(campaignId)])}&start=${start}&count=${FINDER_PAGE}`;
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

const REMOVED = new Set(['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'REMOVED']);

/** Whether an object still counts: not archived, canceled or on its way out. */
export function live(status: string | undefined): boolean {
  return !REMOVED.has(status ?? '');
}

/** A creative's content is its post, or for a text ad its copy. */
function sameContent(found: NetworkCreative['content'], wanted: CreativeBody['content']): boolean {
  if ('reference' in wanted) return found?.reference === wanted.reference;
  const text = found?.textAd;
  return text?.headline === wanted.textAd.headline && text?.description === wanted.textAd.description;
}

/** Without a creation time (LinkedIn leaves it out) the name and parent alone decide. */
function madeSince(stamps: NetworkCampaign['changeAuditStamps'], since: number): boolean {
  const time = stamps?.created?.time;
  return time === undefined || time >= since;
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

  /**
   * Sends the request and reads LinkedIn's answer through the schema of what the adapter uses from it;
   * `what` names the answer in the error an unexpected one becomes.
   */
  async read<Schema extends z.ZodType>(
    request: NetworkRequest,
    what: string,
    schema: Schema,
  ): Promise<z.output<Schema>> {
    const response = await this.send(request);
    return readAnswer('network', what, schema, response.body, {
      mayHaveActed: request.method !== 'GET' && !request.idempotent,
    });
  }

  getGroup(groupId: string): Promise<NetworkCampaignGroup> {
    return this.read(this.requests.getGroup(groupId), `campaign group ${groupId}`, groupAnswer);
  }

  getCampaign(campaignId: string): Promise<NetworkCampaign> {
    return this.read(this.requests.getCampaign(campaignId), `campaign ${campaignId}`, campaignAnswer);
  }

  /** Every element of a search finder, following its cursor (`metadata.nextPageToken`) page by page. */
  async findAll<Element extends z.ZodType>(
    what: string,
    element: Element,
    request: (pageToken: string | undefined) => NetworkRequest,
  ): Promise<Array<z.output<Element>>> {
    const all: Array<z.output<Element>> = [];
    const seen = new Set<string>();
    for (let token: string | undefined; ; ) {
      const page = await this.read(request(token), what, pageAnswer(element));
      all.push(...page.elements);
      token = page.metadata?.nextPageToken ?? undefined;
      // A cursor that comes back again would page forever.
      if (!token || seen.has(token)) return all;
      seen.add(token);
    }
  }

  /** Groups named `name` made since `since` (epoch ms) and not being removed: what a crashed attempt made. */
  async groupsMadeSince(name: string, since: number): Promise<string[]> {
    const groups = await this.findAll('the campaign groups named in the search', groupAnswer, (token) =>
      this.requests.findGroups({ name: [name] }, token),
    );
    return groups
      .filter(
        (group) => group.name === name && live(group.status) && madeSince(group.changeAuditStamps, since),
      )
      .map((group) => String(group.id));
  }

  /** Campaigns named `name` in the group, made since `since` (epoch ms) and not being removed. */
  async campaignsMadeSince(groupUrn: string, name: string, since: number): Promise<string[]> {
    const campaigns = await this.findAll('the campaigns named in the search', campaignAnswer, (token) =>
      this.requests.findCampaigns({ campaignGroup: [groupUrn], name: [name] }, token),
    );
    return campaigns
      .filter(
        (campaign) =>
          campaign.name === name &&
          campaign.campaignGroup === groupUrn &&
          live(campaign.status) &&
          madeSince(campaign.changeAuditStamps, since),
      )
      .map((campaign) => String(campaign.id));
  }

  /** Creatives of the campaign with this content, made since `since` (epoch ms) and not being removed. */
  async creativesMadeSince(
    campaignId: string,
    content: CreativeBody['content'],
    since: number,
  ): Promise<string[]> {
    return (await this.listCreatives(campaignId))
      .filter(
        (creative) =>
          sameContent(creative.content, content) &&
          live(creative.intendedStatus) &&
          (creative.createdAt === undefined || creative.createdAt >= since),
      )
      .map((creative) => creative.id);
  }

  /** Every creative of the account meeting the criteria, page by page (a campaign criterion per 50). */
  async creatives(criteria: CreativeCriteria = {}): Promise<NetworkCreative[]> {
    const groups = criteria.campaignIds ? chunks(criteria.campaignIds, URNS_PER_REQUEST) : [undefined];
    const found: NetworkCreative[] = [];
    for (const campaignIds of groups) {
      found.push(
        ...(await this.findAll('the creatives of the account', creativeAnswer, (token) =>
          this.requests.findCreatives({ ...criteria, campaignIds }, token),
        )),
      );
    }
    return found;
  }

  /** Every creative of the campaign, page by page. */
  listCreatives(campaignId: string): Promise<NetworkCreative[]> {
    return this.findAll(`the creatives of campaign ${campaignId}`, creativeAnswer, (token) =>
      this.requests.findCreatives({ campaignIds: [campaignId] }, token),
    );
  }

  /** How many creatives that still count (not archived, canceled or being deleted) each campaign has. */
  async liveCreativeCounts(campaignIds: string[]): Promise<Map<string, number>> {
    const counts = new Map(campaignIds.map((id) => [id, 0]));
    for (const ids of chunks(campaignIds, URNS_PER_REQUEST)) {
      const creatives = await this.findAll('the creatives of the campaigns', creativeAnswer, (token) =>
        this.requests.findCreatives({ campaignIds: ids }, token),
      );
      for (const creative of creatives) {
        const campaignId = creative.campaign ? idOf(creative.campaign) : undefined;
        if (campaignId && counts.has(campaignId) && live(creative.intendedStatus))
          counts.set(campaignId, (counts.get(campaignId) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** One page of the account's creatives meeting the criteria, and the token of the next, if any. */
  async creativesPage(
    criteria: CreativeCriteria,
    pageSize: number,
    pageToken: string | undefined,
  ): Promise<{ creatives: NetworkCreative[]; nextPageToken: string | undefined }> {
    const page = await this.read(
      this.requests.findCreatives(criteria, pageToken, pageSize),
      'the creatives of the account',
      pageAnswer(creativeAnswer),
    );
    return { creatives: page.elements, nextPageToken: page.metadata?.nextPageToken ?? undefined };
  }

  /** Every role the connected member holds on company pages in this state, page by page (start and count). */
  async organizationRoles(state = 'APPROVED'): Promise<NetworkOrganizationAcl[]> {
    const all: NetworkOrganizationAcl[] = [];
    for (let start = 0; ; start += FINDER_PAGE) {
      const page = await this.read(
        this.requests.findOrganizationRoles(state, start),
        "the member's roles on company pages",
        pageAnswer(organizationAclAnswer),
      );
      all.push(...page.elements);
      if (page.elements.length < FINDER_PAGE) return all;
    }
  }

  /** The company pages among these numeric ids; ids LinkedIn does not know are left out. */
  async organizations(organizationIds: string[]): Promise<NetworkOrganization[]> {
    const found: NetworkOrganization[] = [];
    for (const ids of chunks(organizationIds, URNS_PER_REQUEST)) {
      const answer = await this.read(
        this.requests.getOrganizations(ids),
        'the company pages',
        batchAnswer(organizationAnswer),
      );
      found.push(...Object.values(answer.results));
    }
    return found;
  }

  /** One page of the account's campaigns meeting the criteria, and the token of the next, if any. */
  async campaignsPage(
    criteria: SearchCriteria,
    pageSize: number,
    pageToken: string | undefined,
  ): Promise<{ campaigns: NetworkCampaign[]; nextPageToken: string | undefined }> {
    const page = await this.read(
      this.requests.findCampaigns(criteria, pageToken, pageSize),
      'the campaigns search',
      pageAnswer(campaignAnswer),
    );
    return { campaigns: page.elements, nextPageToken: page.metadata?.nextPageToken ?? undefined };
  }

  /** Every campaign of the account meeting the criteria (none: all of them), page by page. */
  campaigns(criteria: SearchCriteria = {}): Promise<NetworkCampaign[]> {
    return this.findAll('the campaigns search', campaignAnswer, (token) =>
      this.requests.findCampaigns(criteria, token),
    );
  }

  /** The campaigns of the account among these ids; ids it does not hold are left out. */
  async campaignsByIds(campaignIds: string[]): Promise<NetworkCampaign[]> {
    const found: NetworkCampaign[] = [];
    for (const ids of chunks(campaignIds, URNS_PER_REQUEST))
      found.push(...(await this.campaigns({ id: ids.map(urn.campaign) })));
    return found;
  }

  /** The campaign groups of the account among these ids; ids it does not hold are left out. */
  async groupsByIds(groupIds: string[]): Promise<NetworkCampaignGroup[]> {
    const found: NetworkCampaignGroup[] = [];
    for (const ids of chunks(groupIds, URNS_PER_REQUEST)) {
      found.push(
        ...(await this.findAll('the campaign groups search', groupAnswer, (token) =>
          this.requests.findGroups({ id: ids.map(urn.group) }, token),
        )),
      );
    }
    return found;
  }

  /** The elements of one adAnalytics answer (the finder does not page). */
  async analytics(question: AnalyticsRequest): Promise<NetworkAnalyticsElement[]> {
    const answer = await this.read(
      this.requests.analytics(question),
      `the ad analytics of ${question.start} to ${question.end}`,
      analyticsAnswer,
    );
    return answer.elements;
  }

  getMedia(mediaUrn: string): Promise<NetworkMedia> {
    return this.read(this.requests.getMedia(mediaUrn), mediaUrn, mediaAnswer);
  }

  getConversion(conversionId: string): Promise<NetworkConversion> {
    return this.read(
      this.requests.getConversion(conversionId),
      `conversion ${conversionId}`,
      conversionAnswer,
    );
  }

  /** The conversions associated with the campaign, every page (this finder pages with start and count). */
  async campaignConversions(campaignId: string): Promise<Array<{ campaign: string; conversion: string }>> {
    const all: Array<{ campaign: string; conversion: string }> = [];
    for (let start = 0; ; start += FINDER_PAGE) {
      const page = await this.read(
        this.requests.findCampaignConversions(campaignId, start),
        `the conversions of campaign ${campaignId}`,
        pageAnswer(campaignConversionAnswer),
      );
      all.push(...page.elements);
      if (page.elements.length < FINDER_PAGE) return all;
    }
  }
}
