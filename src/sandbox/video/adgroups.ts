import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../activity.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import type { SandboxStore } from '../store.ts';
import { adPrimaryStatus, adSecondaryStatus, adView, type StoredAd } from './ad.ts';
import {
  type AdGroupRecord,
  adGroupPrimaryStatus,
  adGroupSecondaryStatus,
  adGroupView,
  type StoredAdGroup,
} from './adgroup.ts';
import { applyAdGroupUpdate, checkAdGroupStatusBody, checkAdGroupUpdateBody } from './adgroup-update.ts';
import type { CampaignRecord, StoredCampaign } from './campaign.ts';
import { adGroupActivity, noteCampaignActivity } from './campaign-activity.ts';
import { pageOf } from './campaign-query.ts';
import { answer, CODE, invalid } from './envelope.ts';
import { tokenOf, type VideoGate } from './gate.ts';
import { AD_KIND, ADGROUP_KIND, parseObjectQuery, shapeObject } from './object-query.ts';

/**
 * TikTok's ad group and ad calls: adgroup/get, ad/get, adgroup/update/ and adgroup/status/update/. A
 * change of an ad group's status or budget is noted in its activity history and its campaign's (the sum
 * of daily budgets of a campaign without a limit, whether any ad group still runs), so reports follow.
 */
export function registerAdGroupRoutes(
  scope: FastifyInstance,
  services: SandboxServices,
  store: SandboxStore,
  gate: VideoGate,
): void {
  async function campaignsOf(advertiserId: string): Promise<Map<string, StoredCampaign>> {
    const campaigns = await store.list<StoredCampaign>('campaign', advertiserId);
    return new Map(campaigns.map((campaign) => [campaign.id, campaign.data]));
  }

  async function adGroupOf(advertiserId: string, adGroupId: string): Promise<AdGroupRecord> {
    const adGroup = await store.get<StoredAdGroup>('adgroup', adGroupId);
    if (!adGroup || adGroup.accountId !== advertiserId)
      throw invalid('', `Ad group ${adGroupId} does not exist in this advertiser.`);
    return adGroup;
  }

  /** Its state from now on, and its campaign's, which depends on its ad groups. */
  async function noteChange(adGroup: AdGroupRecord, next: StoredAdGroup, now: Date): Promise<void> {
    await recordActivity(services.storage.db, 'video', adGroup.id, now, adGroupActivity(next));
    const campaign = await store.get<StoredCampaign>('campaign', next.campaign_id);
    if (campaign) await noteCampaignActivity(store, campaign as CampaignRecord, campaign.data, now);
  }

  scope.get<{ Querystring: Record<string, unknown> }>(
    '/open_api/:version/adgroup/get/',
    async (request, reply) => {
      const advertiserId = await gate.admit(tokenOf(request), request.query.advertiser_id);
      const query = parseObjectQuery(request.query, ADGROUP_KIND);
      await gate.fault(query.namedIds, advertiserId);
      const campaigns = await campaignsOf(advertiserId);
      const matching = (await store.list<StoredAdGroup>('adgroup', advertiserId)).filter((adGroup) => {
        const campaign = campaigns.get(adGroup.data.campaign_id);
        return query.matches({
          id: adGroup.id,
          campaignId: adGroup.data.campaign_id,
          adGroupId: adGroup.id,
          name: adGroup.data.adgroup_name,
          primaryStatus: adGroupPrimaryStatus(adGroup.data, campaign),
          secondaryStatus: adGroupSecondaryStatus(adGroup.data, campaign),
          createdAt: adGroup.createdAt,
          optimizationGoal: adGroup.data.optimization_goal,
        });
      });
      const { list, page_info } = pageOf(matching, query.page, query.pageSize);
      return answer(reply, CODE.ok, 'OK', {
        list: list.map((adGroup) =>
          shapeObject(adGroupView(adGroup, campaigns.get(adGroup.data.campaign_id)), query),
        ),
        page_info,
      });
    },
  );

  scope.get<{ Querystring: Record<string, unknown> }>(
    '/open_api/:version/ad/get/',
    async (request, reply) => {
      const advertiserId = await gate.admit(tokenOf(request), request.query.advertiser_id);
      const query = parseObjectQuery(request.query, AD_KIND);
      await gate.fault(query.namedIds, advertiserId);
      const campaigns = await campaignsOf(advertiserId);
      const adGroups = new Map(
        (await store.list<StoredAdGroup>('adgroup', advertiserId)).map((adGroup) => [adGroup.id, adGroup]),
      );
      const parentsOf = (ad: StoredAd) => ({
        campaign: campaigns.get(ad.campaign_id),
        adGroup: adGroups.get(ad.adgroup_id)?.data,
      });
      const matching = (await store.list<StoredAd>('ad', advertiserId)).filter((ad) =>
        query.matches({
          id: ad.id,
          campaignId: ad.data.campaign_id,
          adGroupId: ad.data.adgroup_id,
          name: ad.data.ad_name,
          primaryStatus: adPrimaryStatus(ad.data, parentsOf(ad.data)),
          secondaryStatus: adSecondaryStatus(ad.data, parentsOf(ad.data)),
          createdAt: ad.createdAt,
          optimizationGoal: adGroups.get(ad.data.adgroup_id)?.data.optimization_goal,
        }),
      );
      const { list, page_info } = pageOf(matching, query.page, query.pageSize);
      return answer(reply, CODE.ok, 'OK', {
        list: list.map((ad) => shapeObject(adView(ad, parentsOf(ad.data)), query)),
        page_info,
      });
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/adgroup/update/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = await gate.admit(tokenOf(request), body.advertiser_id);
      const { adGroupId } = checkAdGroupUpdateBody(body);
      await gate.fault([adGroupId], advertiserId);
      const adGroup = await adGroupOf(advertiserId, adGroupId);
      const next = applyAdGroupUpdate(adGroup, body);
      const now = services.clock.now();
      await store.update('adgroup', adGroup.id, next, now);
      if (next.budget !== adGroup.data.budget) await noteChange(adGroup, next, now);
      const campaign = await store.get<StoredCampaign>('campaign', next.campaign_id);
      return answer(
        reply,
        CODE.ok,
        'OK',
        adGroupView({ ...adGroup, data: next, updatedAt: now.toISOString() }, campaign?.data),
      );
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/adgroup/status/update/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = await gate.admit(tokenOf(request), body.advertiser_id);
      const change = checkAdGroupStatusBody(body);
      await gate.fault(change.adGroupIds, advertiserId);
      const adGroups = [];
      for (const id of change.adGroupIds) adGroups.push(await adGroupOf(advertiserId, id));
      const deleted = adGroups.find((adGroup) => adGroup.data.deleted);
      if (deleted) throw invalid('', `The status of deleted ad group ${deleted.id} cannot be modified.`);
      const now = services.clock.now();
      for (const adGroup of adGroups) {
        const next: StoredAdGroup =
          change.operation === 'DELETE'
            ? { ...adGroup.data, deleted: true }
            : { ...adGroup.data, operation_status: change.operation };
        await store.update('adgroup', adGroup.id, next, now);
        await noteChange(adGroup, next, now);
      }
      return answer(reply, CODE.ok, 'OK', {
        adgroup_ids: change.adGroupIds,
        status: change.operation,
        ...(change.allowPartialSuccess && { errors: [] }),
      });
    },
  );
}
