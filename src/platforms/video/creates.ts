import { createHash } from 'node:crypto';
import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import { tiktokId } from './answers.ts';

// TikTok Business API v1.3's creates, as the create tool sends them: campaign/create/, the video
// upload (file/video/ad/upload/, by file), adgroup/create/ and ad/create/, and the finders a resumed
// call uses to look for what a step may have made unrecorded.

/** A request of a create step, shown as it is in a dry run's preview. */
export interface VideoRequest {
  method: 'POST' | 'GET';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** What a preview shows for the body (the multipart upload's fields, the file as its size). */
  shown?: Record<string, unknown>;
  idempotent: boolean;
}

export interface CampaignCreate {
  advertiserId: string;
  name: string;
  objective: string;
}

export interface AdGroupCreate {
  advertiserId: string;
  campaignId: string;
  name: string;
  locationIds: string[];
  dailyBudget: number;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  start: string;
  optimizationGoal: string;
  billingEvent: string;
}

/** The identity an ad posts as (identity/get lists them): v1.3's ads that are not Spark Ads need one. */
export interface VideoIdentityRef {
  type: string;
  id: string;
  /** The Business Center an identity of type BC_AUTH_TT is authorized to. */
  authorizedBcId?: string | undefined;
}

export interface AdCreate {
  advertiserId: string;
  adGroupId: string;
  name: string;
  text: string;
  identity: VideoIdentityRef;
  callToAction: string;
  landingPageUrl: string;
  videoId: string;
}

const created = (field: string) => z.object({ [field]: tiktokId });
const videoAnswer = z.array(z.object({ video_id: z.string() })).min(1);
const adAnswer = z.object({ ad_ids: z.array(tiktokId).min(1) });
const found = (field: string) =>
  z.object({
    list: z.array(z.object({ [field]: tiktokId, [`${field.replace('_id', '_name')}`]: z.string() })),
  });

export class VideoCreates {
  readonly #session: PlatformSession;

  constructor(session: PlatformSession) {
    this.#session = session;
  }

  #url(path: string): string {
    const { apiUrl, apiVersion } = this.#session.endpoints;
    return `${apiUrl}/${apiVersion}${path}`;
  }

  #post(path: string, body: Record<string, unknown>): VideoRequest {
    return { method: 'POST', url: this.#url(path), body, idempotent: false };
  }

  /** The campaign holds no budget: its one ad group holds the daily budget (see docs/platforms.md). */
  campaignRequest(c: CampaignCreate): VideoRequest {
    return this.#post('/campaign/create/', {
      advertiser_id: c.advertiserId,
      campaign_name: c.name,
      objective_type: c.objective,
      budget_mode: 'BUDGET_MODE_INFINITE',
      operation_status: 'DISABLE',
    });
  }

  /** By file (TikTok's UPLOAD_BY_FILE, multipart): the bytes adops downloaded and checked, with their MD5. */
  async uploadRequest(advertiserId: string, bytes: Buffer, fileName: string): Promise<VideoRequest> {
    const signature = createHash('md5').update(bytes).digest('hex');
    const fields = {
      advertiser_id: advertiserId,
      upload_type: 'UPLOAD_BY_FILE',
      video_signature: signature,
      file_name: fileName,
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('video_file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), fileName);
    const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form });
    return {
      method: 'POST',
      url: this.#url('/file/video/ad/upload/'),
      headers: { 'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data' },
      body: new Uint8Array(await encoded.arrayBuffer()),
      shown: { ...fields, video_file: `{${bytes.byteLength} bytes of the file}` },
      idempotent: false,
    };
  }

  adGroupRequest(a: AdGroupCreate): VideoRequest {
    return this.#post('/adgroup/create/', {
      advertiser_id: a.advertiserId,
      campaign_id: a.campaignId,
      adgroup_name: a.name,
      promotion_type: 'WEBSITE',
      placement_type: 'PLACEMENT_TYPE_AUTOMATIC',
      location_ids: a.locationIds,
      budget_mode: 'BUDGET_MODE_DAY',
      budget: a.dailyBudget,
      schedule_type: 'SCHEDULE_FROM_NOW',
      schedule_start_time: a.start,
      optimization_goal: a.optimizationGoal,
      billing_event: a.billingEvent,
      bid_type: 'BID_TYPE_NO_BID',
      pacing: 'PACING_MODE_SMOOTH',
      // On under the disabled campaign, which alone keeps it from delivering: enabling the campaign starts it.
      operation_status: 'ENABLE',
    });
  }

  adRequest(a: AdCreate): VideoRequest {
    return this.#post('/ad/create/', {
      advertiser_id: a.advertiserId,
      adgroup_id: a.adGroupId,
      creatives: [
        {
          ad_name: a.name,
          ad_format: 'SINGLE_VIDEO',
          ad_text: a.text,
          identity_type: a.identity.type,
          identity_id: a.identity.id,
          ...(a.identity.authorizedBcId && { identity_authorized_bc_id: a.identity.authorizedBcId }),
          call_to_action: a.callToAction,
          landing_page_url: a.landingPageUrl,
          video_id: a.videoId,
          operation_status: 'ENABLE',
        },
      ],
    });
  }

  /** Deleting the campaign takes back its ad group and ad with it (TikTok's DELETE is final). */
  deleteCampaignRequest(advertiserId: string, campaignId: string): VideoRequest {
    return {
      method: 'POST',
      url: this.#url('/campaign/status/update/'),
      body: { advertiser_id: advertiserId, campaign_ids: [campaignId], operation_status: 'DELETE' },
      idempotent: true,
    };
  }

  /** Sends a create and returns the new object's id, read from TikTok's answer. */
  async create(request: VideoRequest, kind: 'campaign' | 'video' | 'adgroup' | 'ad'): Promise<string> {
    const response = await this.#session.send(request);
    const what = `the ${kind === 'adgroup' ? 'ad group' : kind} create`;
    const data = (schema: z.ZodType) => {
      const answer = readAnswer(
        'video',
        what,
        z.object({ request_id: z.string().optional(), data: schema }),
        response.body,
        {
          mayHaveActed: true,
        },
      ) as { request_id?: string; data: unknown };
      this.#session.noteRequestId(answer.request_id);
      return answer.data;
    };
    if (kind === 'video') return (data(videoAnswer) as z.output<typeof videoAnswer>)[0]?.video_id ?? '';
    if (kind === 'ad') return (data(adAnswer) as z.output<typeof adAnswer>).ad_ids[0] ?? '';
    const field = kind === 'campaign' ? 'campaign_id' : 'adgroup_id';
    return (data(created(field)) as Record<string, string>)[field] ?? '';
  }

  async send(request: VideoRequest): Promise<void> {
    const response = await this.#session.send(request);
    const answer = readAnswer(
      'video',
      'the status update',
      z.object({ request_id: z.string().optional() }),
      response.body,
      {
        mayHaveActed: true,
      },
    );
    this.#session.noteRequestId(answer.request_id);
  }

  /**
   * The objects named exactly `name` made since `since` (epoch ms) under the parent: campaigns of the
   * advertiser, ad groups of a campaign, ads of an ad group. TikTok's name filters match a part of the
   * name, so the exact name is checked here.
   */
  async madeSince(
    kind: 'campaign' | 'adgroup' | 'ad',
    advertiserId: string,
    filter: { campaign_ids?: string[]; adgroup_ids?: string[] },
    name: string,
    since: number,
  ): Promise<string[]> {
    const idField = `${kind}_id`;
    const nameField = `${kind}_name`;
    const url = new URL(this.#url(`/${kind}/get/`));
    url.searchParams.set('advertiser_id', advertiserId);
    url.searchParams.set(
      'filtering',
      JSON.stringify({
        ...filter,
        [nameField]: name,
        creation_filter_start_time: new Date(since).toISOString().slice(0, 19).replace('T', ' '),
      }),
    );
    url.searchParams.set('fields', JSON.stringify([idField, nameField]));
    url.searchParams.set('page_size', '100');
    const response = await this.#session.send({ method: 'GET', url: url.toString(), idempotent: true });
    const answer = readAnswer(
      'video',
      `the ${kind} search`,
      z.object({ request_id: z.string().optional(), data: found(idField) }),
      response.body,
    ) as { request_id?: string; data: { list: Array<Record<string, string>> } };
    this.#session.noteRequestId(answer.request_id);
    return answer.data.list.filter((item) => item[nameField] === name).map((item) => item[idField] ?? '');
  }
}
