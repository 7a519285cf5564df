import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { listAds, type MetaAd } from '../../platforms/social/ad-sets.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { digitsId, notBothSchema } from '../arguments.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { statusFields, statusFilter } from '../status-vocabulary.ts';
import {
  EDGE_POSITION,
  effectiveStatusFilter,
  moreObjects,
  OBJECT_STATUS_FIELDS,
  sameAccount,
  whereIn,
} from './ad-objects.ts';

const TOOL = 'list_social_ads';
/** Campaigns or ad sets one call may name: each is one edge read in turn. */
const MAX_PARENT_IDS = 50;

function parentIds(what: string) {
  return z
    .array(digitsId())
    .min(1)
    .max(MAX_PARENT_IDS)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id')
    .meta({ uniqueItems: true })
    .optional()
    .describe(`Only the ads of these ${what} (at most ${MAX_PARENT_IDS}).`);
}

function adLine(ad: MetaAd) {
  return {
    id: ad.id,
    name: ad.name,
    ad_set_id: ad.adset_id,
    campaign_id: ad.campaign_id,
    ...statusFields('social', ad.status),
    effective_status: ad.effective_status,
    creative_id: ad.creative?.id ?? null,
  };
}

export const listSocialAds = defineListTool({
  name: TOOL,
  description:
    'Meta ads of an account, or of some campaigns or ad sets: status, effective status, ad set and creative. Billable: one quota unit.',
  guidance:
    'Lists the ads of a Meta ad account, or of some campaigns or ad sets: status, effective status (e.g. ' +
    'ADSET_PAUSED), ad set, campaign and creative id. Use it to see which ads run below a campaign or ad ' +
    'set. Pages with limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'social',
  filters: {
    campaign_ids: parentIds('campaigns'),
    ad_set_ids: parentIds('ad sets (not with campaign_ids)'),
    status: statusFilter('social').describe(
      'Only ads set to these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED.',
    ),
  },
  refine: (input) =>
    input
      .superRefine((args, context) => {
        if (args.campaign_ids && args.ad_set_ids) {
          context.addIssue({
            code: 'custom',
            path: ['ad_set_ids'],
            message: 'cannot be given with campaign_ids: pass one or the other',
          });
        }
      })
      .meta(notBothSchema('campaign_ids', 'ad_set_ids')),
  example: { ad_account_id: 'act_310000000000001', ad_set_ids: ['120211000000000103'], limit: 20 },
  fields: {
    ads: z.array(
      z.object({
        id: z.string().describe('The ad id.'),
        name: z.string().describe('Its name.'),
        ad_set_id: z.string().describe('Its ad set.'),
        campaign_id: z.string().describe('Its campaign.'),
        ...OBJECT_STATUS_FIELDS,
        creative_id: z.string().nullable().describe('The id of its creative (AdCreative).'),
      }),
    ),
  },
  rows: 'ads',
  position: EDGE_POSITION,
  query: (args) => ({
    campaignIds: args.campaign_ids,
    adSetIds: args.ad_set_ids,
    statuses: args.status,
    parent: args.campaign_ids ? 'campaign' : 'ad set',
  }),
  async read({ context, account, query, position, limit }) {
    const session = await PlatformSession.open(context, socialProtocol);
    const { campaignIds, adSetIds, parent } = query;
    const page = await listAds(session, account.account_id, {
      parentIds: campaignIds ?? adSetIds,
      statuses: effectiveStatusFilter('ad', query.statuses),
      limit,
      position,
    });
    const foreign = page.items.find((ad) => !sameAccount(account.account_id, ad.account_id));
    if (page.missing || foreign) {
      const id = page.missing ?? (campaignIds ? foreign?.campaign_id : foreign?.adset_id);
      throw new AppError(
        'upstream_rejected',
        `Meta has no ${parent} ${id} in ${whereIn(account)} that this connection can see. Check the ids with ` +
          `${campaignIds ? 'list_social_campaigns' : 'list_social_ad_sets'}, or pass the ad_account_id it ` +
          'belongs to.',
      );
    }
    return page;
  },
  row: adLine,
  heading: ({ args, account, query, rows }) => {
    const ids = query.campaignIds ?? query.adSetIds;
    const scope = ids ? ` of ${query.parent}${ids.length === 1 ? '' : 's'} ${ids.join(', ')}` : '';
    return rows.length === 0
      ? `No ad${scope} in ${whereIn(account)}${args.cursor ? ' after the cursor' : ''} with status ` +
          `${(query.statuses ?? ['ACTIVE', 'PAUSED']).join(' or ')}.`
      : `${rows.length} ad${rows.length === 1 ? '' : 's'}${scope} in ${whereIn(account)}:`;
  },
  columns: () => [
    ['Ad', (a) => a.name],
    ['Id', (a) => a.id],
    ['Ad set', (a) => a.ad_set_id],
    ['Campaign', (a) => a.campaign_id],
    ['Status', (a) => a.status],
    ['Effective status', (a) => a.effective_status],
    ['Creative', (a) => a.creative_id ?? '–'],
  ],
  after: ({ nextCursor }) => moreObjects('ads', nextCursor),
});
