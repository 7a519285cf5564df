import type { PlatformSession } from '../session.ts';

export interface VideoCampaign {
  campaign_id: string;
  campaign_name: string;
  budget: number;
  budget_mode: string;
  objective_type?: string;
  operation_status?: string;
}

export interface CampaignChanges {
  campaign_name?: string | undefined;
  budget?: number | undefined;
  budget_mode?: string | undefined;
}

interface TikTokAnswer<Data> {
  code: number;
  message: string;
  request_id?: string;
  data: Data;
}

/** TikTok Business API v1.3: the campaign calls the video tools need. */
export class VideoClient {
  readonly #session: PlatformSession;

  constructor(session: PlatformSession) {
    this.#session = session;
  }

  #url(path: string): URL {
    const { apiUrl, apiVersion } = this.#session.endpoints;
    return new URL(`${apiUrl}/${apiVersion}${path}`);
  }

  async #read<Data>(body: string): Promise<Data> {
    const answer = JSON.parse(body) as TikTokAnswer<Data>;
    this.#session.noteRequestId(answer.request_id);
    return answer.data;
  }

  async getCampaign(advertiserId: string, campaignId: string): Promise<VideoCampaign | undefined> {
    const url = this.#url('/campaign/get/');
    url.searchParams.set('advertiser_id', advertiserId);
    url.searchParams.set('filtering', JSON.stringify({ campaign_ids: [campaignId] }));
    const response = await this.#session.send({ method: 'GET', url: url.toString(), idempotent: true });
    const data = await this.#read<{ list: VideoCampaign[] }>(response.body);
    return data.list.find((campaign) => campaign.campaign_id === campaignId);
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
    await this.#read(response.body);
  }
}
