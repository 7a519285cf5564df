import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../activity.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import { adView, type StoredAd } from './ad.ts';
import { adGroupView, type StoredAdGroup } from './adgroup.ts';
import { type CampaignRecord, campaignView, type StoredCampaign } from './campaign.ts';
import { adGroupActivity, noteCampaignActivity } from './campaign-activity.ts';
import { adGroupFromBody, campaignFromBody, creativesFromBody } from './create-bodies.ts';
import { answer, CODE, invalid } from './envelope.ts';
import { tokenOf, type VideoGate } from './gate.ts';
import { advertiserIdentities } from './identities.ts';
import { text } from './values.ts';
import type { StoredVideo } from './video-library.ts';

/** TikTok's ids: 16 to 19 digits; the sandbox's new objects get 19. */
const newId = () => sandboxId(19);

/**
 * TikTok's creates: campaign/create/, adgroup/create/ and ad/create/. Each new object's state is noted in
 * the activity history, so reports follow it from its creation (a disabled one spends nothing).
 */
export function registerCreateRoutes(
  scope: FastifyInstance,
  services: SandboxServices,
  store: SandboxStore,
  gate: VideoGate,
): void {
  async function liveCampaign(advertiserId: string, campaignId: string): Promise<CampaignRecord> {
    const campaign = await store.get<StoredCampaign>('campaign', campaignId);
    if (!campaign || campaign.accountId !== advertiserId)
      throw invalid('campaign_id', `Campaign ${campaignId} does not exist in this advertiser.`);
    if (campaign.data.deleted) throw invalid('campaign_id', `Campaign ${campaignId} has been deleted.`);
    return campaign;
  }

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/campaign/create/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = await gate.admit(tokenOf(request), body.advertiser_id);
      const data = campaignFromBody(body);
      const existing = await store.list<StoredCampaign>('campaign', advertiserId);
      if (existing.some((c) => !c.data.deleted && c.data.campaign_name === data.campaign_name))
        throw invalid('campaign_name', 'Campaign name already exists. Please try another one.');
      const now = services.clock.now();
      const campaign = await store.put({ type: 'campaign', id: newId(), accountId: advertiserId, data }, now);
      await noteCampaignActivity(store, campaign, data, now);
      return answer(reply, CODE.ok, 'OK', campaignView(campaign));
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/adgroup/create/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = await gate.admit(tokenOf(request), body.advertiser_id);
      if (body.campaign_id === undefined) throw invalid('campaign_id', 'Missing data for required field.');
      const campaignId = text('campaign_id', body.campaign_id);
      await gate.fault([campaignId], advertiserId);
      const campaign = await liveCampaign(advertiserId, campaignId);
      const now = services.clock.now();
      const data = adGroupFromBody(body, campaign.data, now);
      const adGroup = await store.put(
        { type: 'adgroup', id: newId(), accountId: advertiserId, parentId: campaignId, data },
        now,
      );
      await recordActivity(services.storage.db, 'video', adGroup.id, now, adGroupActivity(data));
      await noteCampaignActivity(store, campaign, campaign.data, now);
      return answer(reply, CODE.ok, 'OK', adGroupView(adGroup, campaign.data));
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/ad/create/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = await gate.admit(tokenOf(request), body.advertiser_id);
      const { adGroupId, creatives } = creativesFromBody(body);
      await gate.fault([adGroupId], advertiserId);
      const adGroup = await store.get<StoredAdGroup>('adgroup', adGroupId);
      if (!adGroup || adGroup.accountId !== advertiserId)
        throw invalid('adgroup_id', `Ad group ${adGroupId} does not exist in this advertiser.`);
      if (adGroup.data.deleted) throw invalid('adgroup_id', `Ad group ${adGroupId} has been deleted.`);
      const campaign = await liveCampaign(advertiserId, adGroup.data.campaign_id);
      const identities = await advertiserIdentities(store, advertiserId);
      const authors: string[] = [];
      for (const [index, creative] of creatives.entries()) {
        const identity = identities.find(
          (i) => i.identity_id === creative.identity_id && i.identity_type === creative.identity_type,
        );
        if (!identity)
          throw invalid(
            `creatives.${index}.identity_id`,
            `Identity ${creative.identity_id} (${creative.identity_type}) does not exist in this advertiser.`,
          );
        authors.push(identity.display_name);
        const video = await store.get<StoredVideo>('video', creative.video_id);
        if (!video || video.accountId !== advertiserId)
          throw invalid(
            `creatives.${index}.video_id`,
            `Video ${creative.video_id} does not exist in this advertiser.`,
          );
      }
      const now = services.clock.now();
      const made = [];
      for (const [index, { identity_type, identity_id, ...creative }] of creatives.entries()) {
        const data: StoredAd = {
          ...creative,
          identity_type,
          identity_id,
          display_name: authors[index] ?? '',
          campaign_id: campaign.id,
          adgroup_id: adGroupId,
          delivery_weight: 1,
        };
        made.push(
          await store.put(
            { type: 'ad', id: newId(), accountId: advertiserId, parentId: adGroupId, data },
            now,
          ),
        );
      }
      const parents = { campaign: campaign.data, adGroup: adGroup.data };
      return answer(reply, CODE.ok, 'OK', {
        ad_ids: made.map((ad) => ad.id),
        creatives: made.map((ad) => adView(ad, parents)),
      });
    },
  );
}
