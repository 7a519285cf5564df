import { z } from 'zod';
import type { AppError } from '../../errors.ts';
import { protocolError, readAnswer } from '../answer-shape.ts';
import { schemaPerItem } from '../schema-per-item.ts';
import type { PlatformSession } from '../session.ts';
import {
  AD_FIELDS,
  ADGROUP_FIELDS,
  adGroupPage,
  adPage,
  CAMPAIGN_FIELDS,
  type CampaignPage,
  campaignPage,
  identityPage,
  type Page,
  type ReportRow,
  reportPage,
  tiktokId,
  type VideoAd,
  type VideoAdGroup,
  type VideoCampaign,
  type VideoIdentity,
} from './answers.ts';

/** TikTok's envelope around a method's `data`, with the request id. */
const videoEnvelope = schemaPerItem(<Data extends z.ZodType>(data: Data) =>
  z.object({ request_id: z.string().optional(), data }),
);

/** What the performance reader asks report/integrated/get for: basic metrics over whole days. */
export interface CampaignReportRequest {
  start: string;
  end: string;
  byDay: boolean;
  /** Whose rows: the campaigns' (default), their ad groups' or their ads'. */
  level?: 'campaign' | 'ad_group' | 'ad' | undefined;
  /** Only these campaigns; every campaign, deleted ones included, otherwise. */
  campaignIds?: string[] | undefined;
}

/** The report metrics adops reads. */
const REPORT_METRICS = ['spend', 'impressions', 'clicks', 'conversion'];

/**
 * Each level's data_level, its ID dimension, and the attribute metrics that name a row's campaign, ad
 * group and ad (TikTok's attribute metrics of the BASIC report).
 */
const REPORT_LEVELS = {
  campaign: { dataLevel: 'AUCTION_CAMPAIGN', dimension: 'campaign_id', attributes: [] },
  ad_group: {
    dataLevel: 'AUCTION_ADGROUP',
    dimension: 'adgroup_id',
    attributes: ['campaign_id', 'adgroup_name'],
  },
  ad: {
    dataLevel: 'AUCTION_AD',
    dimension: 'ad_id',
    attributes: ['campaign_id', 'adgroup_id', 'adgroup_name', 'ad_name'],
  },
} as const;

/** TikTok's largest page, for campaigns and reports alike. */
const PAGE_SIZE = 1000;
/** More pages than any advertiser's campaigns fill: a page_info that never ends cannot hold a call forever. */
const MAX_PAGES = 50;
/** A report has a row per campaign and day: more pages than campaigns. */
const MAX_REPORT_PAGES = 200;

/** What campaign/update can change: the budget applies in the campaign's own budget type, fixed at creation. */
export interface CampaignChanges {
  campaign_name?: string | undefined;
  budget?: number | undefined;
}

/** What campaign/status/update can set through adops (DELETE is TikTok's too, and adops never sends it). */
export type OperationStatus = 'ENABLE' | 'DISABLE';

/** The documented filters of campaign/get the adapter uses. */
export interface CampaignFilter {
  campaign_ids?: string[];
  primary_status?: string;
}

/** The documented filters of adgroup/get and ad/get the adapter uses (FilteringAdgroupGet, FilteringAdGet). */
export interface ObjectFilter {
  campaign_ids?: string[];
  adgroup_ids?: string[];
  /** ad/get only. */
  ad_ids?: string[];
  primary_status?: string;
}

/** What adgroup/update changes through adops: the budget applies in the ad group's own budget type. */
export interface AdGroupChanges {
  adgroup_name?: string | undefined;
  budget?: number | undefined;
}

/** TikTok Business API v1.3: the campaign, ad group and ad calls the video tools need. */
export class VideoClient {
  readonly #session: PlatformSession;

  constructor(session: PlatformSession) {
    this.#session = session;
  }

  #url(path: string): URL {
    const { apiUrl, apiVersion } = this.#session.endpoints;
    return new URL(`${apiUrl}/${apiVersion}${path}`);
  }

  /** The answer's `data`, read through the schema of what the adapter uses from it. */
  #read<Data extends z.ZodType>(
    what: string,
    data: Data,
    body: string,
    mayHaveActed = false,
  ): z.output<Data> {
    // zod cannot name the output of an object around a generic schema; this is that output.
    const answer = readAnswer('video', what, videoEnvelope(data), body, {
      mayHaveActed,
    }) as { request_id?: string | undefined; data: z.output<Data> };
    this.#session.noteRequestId(answer.request_id);
    return answer.data;
  }

  /** One page of the campaigns matching the filter, with TikTok's page_info. */
  async campaignPage(
    advertiserId: string,
    filtering: CampaignFilter,
    page: number,
    pageSize: number,
  ): Promise<CampaignPage> {
    const url = this.#url('/campaign/get/');
    url.searchParams.set('advertiser_id', advertiserId);
    url.searchParams.set('filtering', JSON.stringify(filtering));
    url.searchParams.set('fields', JSON.stringify(CAMPAIGN_FIELDS));
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(pageSize));
    const response = await this.#session.send({ method: 'GET', url: url.toString(), idempotent: true });
    return this.#read('the campaign list', campaignPage, response.body);
  }

  /**
   * One page of the identities the advertiser may post as (identity/get/, at most 100 a page); TikTok's
   * page_info is exact only when the type is given.
   */
  async identityPage(
    advertiserId: string,
    filter: { type?: string | undefined; authorizedBcId?: string | undefined },
    page: number,
    pageSize: number,
  ): Promise<{ list: VideoIdentity[]; page_info: { page: number; total_page: number } }> {
    const url = this.#url('/identity/get/');
    url.searchParams.set('advertiser_id', advertiserId);
    if (filter.type) url.searchParams.set('identity_type', filter.type);
    if (filter.authorizedBcId) url.searchParams.set('identity_authorized_bc_id', filter.authorizedBcId);
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(pageSize));
    const response = await this.#session.send({ method: 'GET', url: url.toString(), idempotent: true });
    const answer = this.#read('the identity list', identityPage, response.body);
    return { list: answer.identity_list, page_info: answer.page_info };
  }

  async #objectPage<Item extends z.ZodType>(
    path: string,
    what: string,
    page: z.ZodObject<{ list: z.ZodArray<Item> }>,
    fields: string[],
    request: { advertiserId: string; filtering: ObjectFilter; page: number; pageSize: number },
  ) {
    const url = this.#url(path);
    url.searchParams.set('advertiser_id', request.advertiserId);
    url.searchParams.set('filtering', JSON.stringify(request.filtering));
    url.searchParams.set('fields', JSON.stringify(fields));
    url.searchParams.set('page', String(request.page));
    url.searchParams.set('page_size', String(request.pageSize));
    const response = await this.#session.send({ method: 'GET', url: url.toString(), idempotent: true });
    return this.#read(what, page, response.body);
  }

  /** One page of the ad groups matching the filter (adgroup/get), with TikTok's page_info. */
  async adGroupPage(
    advertiserId: string,
    filtering: ObjectFilter,
    page: number,
    pageSize: number,
  ): Promise<Page<VideoAdGroup>> {
    return this.#objectPage('/adgroup/get/', 'the ad group list', adGroupPage, ADGROUP_FIELDS, {
      advertiserId,
      filtering,
      page,
      pageSize,
    }) as Promise<Page<VideoAdGroup>>;
  }

  /** One page of the ads matching the filter (ad/get), with TikTok's page_info. */
  async adPage(
    advertiserId: string,
    filtering: ObjectFilter,
    page: number,
    pageSize: number,
  ): Promise<Page<VideoAd>> {
    return this.#objectPage('/ad/get/', 'the ad list', adPage, AD_FIELDS, {
      advertiserId,
      filtering,
      page,
      pageSize,
    }) as Promise<Page<VideoAd>>;
  }

  /** The ad group, deleted ones included; undefined when there is none. */
  async getAdGroup(advertiserId: string, adGroupId: string): Promise<VideoAdGroup | undefined> {
    const found = await this.adGroupPage(
      advertiserId,
      { adgroup_ids: [adGroupId], primary_status: 'STATUS_ALL' },
      1,
      10,
    );
    return found.list.find((adGroup) => adGroup.adgroup_id === adGroupId);
  }

  /** Setting fields to given values is idempotent, so the call may be retried. */
  adGroupUpdateRequest(advertiserId: string, adGroupId: string, changes: AdGroupChanges) {
    return {
      method: 'POST' as const,
      url: this.#url('/adgroup/update/').toString(),
      body: { advertiser_id: advertiserId, adgroup_id: adGroupId, ...changes },
      idempotent: true,
    };
  }

  async updateAdGroup(advertiserId: string, adGroupId: string, changes: AdGroupChanges): Promise<void> {
    const response = await this.#session.send(this.adGroupUpdateRequest(advertiserId, adGroupId, changes));
    this.#read('the ad group update', z.object({ adgroup_id: tiktokId.optional() }), response.body, true);
  }

  adGroupStatusRequest(advertiserId: string, adGroupId: string, status: OperationStatus) {
    return {
      method: 'POST' as const,
      url: this.#url('/adgroup/status/update/').toString(),
      body: { advertiser_id: advertiserId, adgroup_ids: [adGroupId], operation_status: status },
      idempotent: true,
    };
  }

  async setAdGroupStatus(advertiserId: string, adGroupId: string, status: OperationStatus): Promise<void> {
    const response = await this.#session.send(this.adGroupStatusRequest(advertiserId, adGroupId, status));
    this.#read(
      'the ad group status update',
      z.object({ adgroup_ids: z.array(tiktokId).optional() }),
      response.body,
      true,
    );
  }

  /** Every campaign matching the filter, page after page. */
  async listCampaigns(
    advertiserId: string,
    filtering: CampaignFilter,
    pageSize = PAGE_SIZE,
  ): Promise<VideoCampaign[]> {
    const campaigns: VideoCampaign[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.campaignPage(advertiserId, filtering, page, pageSize);
      campaigns.push(...answer.list);
      if (page >= answer.page_info.total_page || answer.list.length === 0) return campaigns;
    }
    throw this.#endless('campaign pages', MAX_PAGES);
  }

  /**
   * Every row of a BASIC report (report/integrated/get/) by campaign, ad group (AUCTION_ADGROUP, by
   * adgroup_id) or ad (AUCTION_AD, by ad_id), page after page. TikTok leaves deleted campaigns out unless
   * campaign_status says otherwise: their spend is the account's too.
   */
  async campaignReport(advertiserId: string, request: CampaignReportRequest): Promise<ReportRow[]> {
    const filtering = [
      { field_name: 'campaign_status', filter_type: 'IN', filter_value: JSON.stringify(['STATUS_ALL']) },
      ...(request.campaignIds
        ? [
            {
              field_name: 'campaign_ids',
              filter_type: 'IN',
              filter_value: JSON.stringify(request.campaignIds),
            },
          ]
        : []),
    ];
    const level = REPORT_LEVELS[request.level ?? 'campaign'];
    const rows: ReportRow[] = [];
    for (let page = 1; page <= MAX_REPORT_PAGES; page++) {
      const url = this.#url('/report/integrated/get/');
      url.searchParams.set('advertiser_id', advertiserId);
      url.searchParams.set('report_type', 'BASIC');
      url.searchParams.set('data_level', level.dataLevel);
      url.searchParams.set(
        'dimensions',
        JSON.stringify(request.byDay ? [level.dimension, 'stat_time_day'] : [level.dimension]),
      );
      url.searchParams.set('metrics', JSON.stringify([...REPORT_METRICS, ...level.attributes]));
      url.searchParams.set('start_date', request.start);
      url.searchParams.set('end_date', request.end);
      url.searchParams.set('filtering', JSON.stringify(filtering));
      url.searchParams.set('page', String(page));
      url.searchParams.set('page_size', String(PAGE_SIZE));
      const response = await this.#session.send({ method: 'GET', url: url.toString(), idempotent: true });
      const answer = this.#read('the campaign report', reportPage, response.body);
      rows.push(...answer.list);
      if (page >= answer.page_info.total_page || answer.list.length === 0) return rows;
    }
    throw this.#endless('report pages', MAX_REPORT_PAGES);
  }

  #endless(what: string, pages: number): AppError {
    return protocolError('video', `kept answering ${what} past ${pages}`);
  }

  /** The campaign, deleted ones included (they can be read, not changed); undefined when there is none. */
  async getCampaign(advertiserId: string, campaignId: string): Promise<VideoCampaign | undefined> {
    const found = await this.listCampaigns(advertiserId, {
      campaign_ids: [campaignId],
      primary_status: 'STATUS_ALL',
    });
    return found.find((campaign) => campaign.campaign_id === campaignId);
  }

  /** Setting fields to given values is idempotent, so the call may be retried. */
  updateRequest(advertiserId: string, campaignId: string, changes: CampaignChanges) {
    return {
      method: 'POST' as const,
      url: this.#url('/campaign/update/').toString(),
      body: { advertiser_id: advertiserId, campaign_id: campaignId, ...changes },
      idempotent: true,
    };
  }

  async updateCampaign(advertiserId: string, campaignId: string, changes: CampaignChanges): Promise<void> {
    const response = await this.#session.send(this.updateRequest(advertiserId, campaignId, changes));
    this.#read('the campaign update', z.object({ campaign_id: tiktokId.optional() }), response.body, true);
  }

  /** Setting a status is idempotent too: enabling an enabled campaign leaves it so. */
  statusRequest(advertiserId: string, campaignId: string, status: OperationStatus) {
    return {
      method: 'POST' as const,
      url: this.#url('/campaign/status/update/').toString(),
      body: { advertiser_id: advertiserId, campaign_ids: [campaignId], operation_status: status },
      idempotent: true,
    };
  }

  async setStatus(advertiserId: string, campaignId: string, status: OperationStatus): Promise<void> {
    const response = await this.#session.send(this.statusRequest(advertiserId, campaignId, status));
    this.#read(
      'the campaign status update',
      z.object({ campaign_ids: z.array(tiktokId).optional() }),
      response.body,
      true,
    );
  }
}
