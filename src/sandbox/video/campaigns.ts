import type { FastifyInstance } from 'fastify';
import type { SandboxServices } from '../sandbox-services.ts';
import type { SandboxStore } from '../store.ts';
import { type CampaignRecord, campaignView, type StoredCampaign } from './campaign.ts';
import { noteCampaignActivity } from './campaign-activity.ts';
import { pageOf, parseCampaignQuery, shapeCampaign } from './campaign-query.ts';
import { checkStatusBody } from './campaign-status.ts';
import { applyUpdate, checkUpdateBody } from './campaign-update.ts';
import { answer, CODE, invalid } from './envelope.ts';
import { tokenOf, type VideoGate } from './gate.ts';

/**
 * TikTok's campaign calls: campaign/get, campaign/update/ and campaign/status/update/. A change of status
 * or budget is noted in the campaign's activity history, so report/integrated/get follows it that day.
 */
export function registerCampaignRoutes(
  scope: FastifyInstance,
  services: SandboxServices,
  store: SandboxStore,
  gate: VideoGate,
): void {
  /** The advertiser's campaign, or TikTok's refusal naming it. */
  async function campaignOf(advertiserId: string, campaignId: string): Promise<CampaignRecord> {
    const campaign = await store.get<StoredCampaign>('campaign', campaignId);
    if (!campaign || campaign.accountId !== advertiserId)
      throw invalid('', `Campaign ${campaignId} does not exist in this advertiser.`);
    return campaign;
  }

  scope.get<{ Querystring: Record<string, unknown> }>(
    '/open_api/:version/campaign/get/',
    async (request, reply) => {
      const advertiserId = await gate.admit(tokenOf(request), request.query.advertiser_id);
      const query = parseCampaignQuery(request.query);
      await gate.fault(query.campaignIds, advertiserId);
      const matching = (await store.list<StoredCampaign>('campaign', advertiserId)).filter(query.matches);
      const { list, page_info } = pageOf(matching, query.page, query.pageSize);
      return answer(reply, CODE.ok, 'OK', {
        list: list.map((campaign) => shapeCampaign(campaignView(campaign), query)),
        page_info,
      });
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/campaign/update/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = await gate.admit(tokenOf(request), body.advertiser_id);
      const { campaignId } = checkUpdateBody(body);
      await gate.fault([campaignId], advertiserId);
      const campaign = await campaignOf(advertiserId, campaignId);
      const next = applyUpdate(campaign, body);
      const now = services.clock.now();
      await store.update('campaign', campaign.id, next, now);
      if (next.budget !== campaign.data.budget) await noteCampaignActivity(store, campaign, next, now);
      return answer(
        reply,
        CODE.ok,
        'OK',
        campaignView({ ...campaign, data: next, updatedAt: now.toISOString() }),
      );
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/campaign/status/update/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = await gate.admit(tokenOf(request), body.advertiser_id);
      const change = checkStatusBody(body);
      await gate.fault(change.campaignIds, advertiserId);
      const campaigns = [];
      for (const id of change.campaignIds) campaigns.push(await campaignOf(advertiserId, id));
      const deleted = campaigns.find((campaign) => campaign.data.deleted);
      if (deleted) throw invalid('', `The status of deleted campaign ${deleted.id} cannot be modified.`);
      const now = services.clock.now();
      for (const campaign of campaigns) {
        const next: StoredCampaign =
          change.operation === 'DELETE'
            ? { ...campaign.data, deleted: true }
            : { ...campaign.data, operation_status: change.operation };
        await store.update('campaign', campaign.id, next, now);
        await noteCampaignActivity(store, campaign, next, now);
      }
      return answer(reply, CODE.ok, 'OK', {
        campaign_ids: change.campaignIds,
        status: change.operation,
        campaign_list: change.campaignIds.map((id) => ({ campaign_id: id, status: change.operation })),
      });
    },
  );
}
