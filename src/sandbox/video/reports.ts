import type { FastifyInstance } from 'fastify';
import { activityHistories } from '../activity.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import type { SandboxStore } from '../store.ts';
import type { StoredAd } from './ad.ts';
import type { StoredAdGroup } from './adgroup.ts';
import type { StoredCampaign } from './campaign.ts';
import { pageOf } from './campaign-query.ts';
import { answer, CODE } from './envelope.ts';
import { tokenOf, type VideoGate } from './gate.ts';
import { parseReportQuery } from './report-query.ts';
import { reportRows, totalMetrics } from './report-rows.ts';

/**
 * TikTok's synchronous reporting, report/integrated/get/: BASIC reports of the advertiser's campaigns,
 * ad groups and ads,
 * computed from each campaign's activity history (src/sandbox/daily-metrics.ts), so the same question
 * gets the same answer on every machine and every run.
 */
export function registerReportRoutes(
  scope: FastifyInstance,
  services: SandboxServices,
  store: SandboxStore,
  gate: VideoGate,
): void {
  scope.get<{ Querystring: Record<string, unknown> }>(
    '/open_api/:version/report/integrated/get/',
    async (request, reply) => {
      const advertiserId = await gate.admit(tokenOf(request), request.query.advertiser_id);
      const query = parseReportQuery(request.query);
      await gate.fault(query.campaignIds, advertiserId);
      const account = await store.get<SandboxAccount>('account', advertiserId);
      const currency = account?.data.currency ?? 'USD';
      const campaigns = (await store.list<StoredCampaign>('campaign', advertiserId)).filter(query.matches);
      const kept = new Set(campaigns.map((campaign) => campaign.id));
      const below = query.dataLevel === 'AUCTION_ADGROUP' || query.dataLevel === 'AUCTION_AD';
      const adGroups = below
        ? (await store.list<StoredAdGroup>('adgroup', advertiserId)).filter((g) =>
            kept.has(g.data.campaign_id),
          )
        : [];
      const ads =
        query.dataLevel === 'AUCTION_AD'
          ? (await store.list<StoredAd>('ad', advertiserId)).filter((ad) => kept.has(ad.data.campaign_id))
          : [];
      const histories = await activityHistories(services.storage.db, 'video', [
        ...kept,
        ...adGroups.map((adGroup) => adGroup.id),
      ]);
      const now = services.clock.now();
      const { rows, totals } = reportRows(query, {
        advertiserId,
        currency,
        campaigns,
        adGroups,
        ads,
        histories,
        now,
      });
      const { list, page_info } = pageOf(rows, query.page, query.pageSize);
      return answer(reply, CODE.ok, 'OK', {
        list,
        page_info,
        ...(query.totalMetrics && { total_metrics: totalMetrics(query, totals, currency) }),
      });
    },
  );
}
