import type { FastifyInstance } from 'fastify';
import { activityHistories } from '../activity.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { SandboxAd, SandboxAdSet } from './ad-set-records.ts';
import type { SandboxCampaign } from './campaign-records.ts';
import { sendPage } from './edge-page.ts';
import { graphError } from './graph.ts';
import { type EdgeRequest, type GraphCalls, writesNotServedYet } from './graph-calls.ts';
import { INSIGHTS_PARAMETERS, type InsightsLevel, readInsightsRequest } from './insights-parameters.ts';
import { insightsRows } from './insights-report.ts';

/** The largest `limit` the sandbox honours on insights, whose rows are small. */
const MAX_INSIGHTS_LIMIT = 500;

/** What a row shows when no `fields` are asked: Meta's basic metrics, and whose they are. */
function defaultFields(level: InsightsLevel): string[] {
  const ids = { account: [], campaign: ['campaign_id'], adset: ['adset_id'], ad: ['ad_id'] }[level];
  return ['account_id', ...ids, 'impressions', 'spend'];
}

/**
 * `GET /act_{id}/insights`: the Ads Insights API of an ad account, by account, campaign, ad set or ad, over a
 * `time_range` or `date_preset`, by day (`time_increment`), month or the whole range, by device_platform
 * (`breakdowns`), filtered, paged
 * like any edge. Metrics are the sandbox's deterministic daily metrics of each campaign, computed from
 * its status and budget history (src/sandbox/daily-metrics.ts); UTC is the account's time zone.
 */
export function registerInsights(scope: FastifyInstance, calls: GraphCalls): void {
  const { services, store } = calls;

  scope.get<EdgeRequest>('/:version/:node/insights', async (request, reply) => {
    const admitted = await calls.adAccountCall(request, reply, 'insights', INSIGHTS_PARAMETERS);
    if (!admitted) return reply;
    const { node } = request.params;
    const today = admitted.now.toISOString().slice(0, 10);
    const verdict = readInsightsRequest(admitted.query, today);
    if ('refusal' in verdict) return graphError(reply, 400, verdict.refusal);
    const account = await store.get<SandboxAccount>('account', node);
    const campaigns = await store.list<SandboxCampaign>('campaign', node);
    const below = verdict.level === 'adset' || verdict.level === 'ad';
    const adSets = below ? await store.list<SandboxAdSet>('adset', node) : [];
    const ads = verdict.level === 'ad' ? await store.list<SandboxAd>('ad', node) : [];
    const histories = await activityHistories(services.storage.db, 'social', [
      ...campaigns.map((c) => c.id),
      ...adSets.map((a) => a.id),
    ]);
    const rows = insightsRows({
      request: verdict,
      account: { id: node, name: account?.data.name ?? node, currency: account?.data.currency ?? 'USD' },
      campaigns,
      adSets,
      ads,
      histories,
      now: admitted.now,
    });
    const fields = verdict.fields ?? defaultFields(verdict.level);
    return sendPage(reply, {
      query: admitted.query,
      url: calls.url(request, `/${node}/insights`),
      accessToken: admitted.accessToken,
      items: rows,
      keyOf: (row) => row.key,
      render: (row) => {
        const out: Record<string, unknown> = {};
        // Meta adds each breakdown's column to the row, asked for or not.
        for (const field of [...fields, ...verdict.breakdowns, 'date_start', 'date_stop']) {
          const value = row.values[field];
          if (value !== undefined) out[field] = value;
        }
        return out;
      },
      maxLimit: MAX_INSIGHTS_LIMIT,
    });
  });

  writesNotServedYet(
    scope,
    '/:version/:node/insights',
    '/act_{ad_account_id}/insights (asynchronous report runs)',
  );
}
