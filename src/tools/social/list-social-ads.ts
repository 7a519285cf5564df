import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { type EdgePosition, listAds, type MetaAd } from '../../platforms/social/ad-sets.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { accountArgument, digitsId, notBothSchema } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { type Status, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { effectiveStatusFilter, OBJECT_STATUS_FIELDS, sameAccount } from './ad-objects.ts';

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

export const listSocialAds = defineTool({
  name: TOOL,
  description:
    'Meta ads of an account, or of some campaigns or ad sets: status, effective status, ad set and creative. Billable: one quota unit.',
  guidance:
    'Lists the ads of a Meta ad account, or of some campaigns or ad sets: status, effective status (e.g. ' +
    'ADSET_PAUSED), ad set, campaign and creative id. Use it to see which ads run below a campaign or ad ' +
    'set. Pages with limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'social',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      campaign_ids: parentIds('campaigns'),
      ad_set_ids: parentIds('ad sets (not with campaign_ids)'),
      status: statusFilter('social').describe(
        'Only ads set to these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED.',
      ),
      limit: limitArgument,
      cursor: cursorArgument,
      ad_account_id: accountArgument('social'),
    })
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
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
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
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  example: { ad_account_id: 'act_310000000000001', ad_set_ids: ['120211000000000103'], limit: 20 },
  auditFields: ['campaign_ids', 'ad_set_ids', 'status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved ad account`);
    const campaignIds = args.campaign_ids as string[] | undefined;
    const adSetIds = args.ad_set_ids as string[] | undefined;
    const statuses = args.status as Status[] | undefined;
    const bound = {
      tool: TOOL,
      account: account.account_id,
      campaignIds: campaignIds ?? null,
      adSetIds: adSetIds ?? null,
      statuses,
    };
    const position = decodeCursor<EdgePosition>(args.cursor, bound, TOOL);
    const session = await PlatformSession.open(context, socialProtocol);
    const page = await listAds(session, account.account_id, {
      parentIds: campaignIds ?? adSetIds,
      statuses: effectiveStatusFilter('ad', statuses),
      limit: args.limit as number,
      position,
    });
    const where = `Meta ad account ${account.account_id} (${account.name})`;
    const parent = campaignIds ? 'campaign' : 'ad set';
    const foreign = page.items.find((ad) => !sameAccount(account.account_id, ad.account_id));
    if (page.missing || foreign) {
      const id = page.missing ?? (campaignIds ? foreign?.campaign_id : foreign?.adset_id);
      throw new AppError(
        'upstream_rejected',
        `Meta has no ${parent} ${id} in ${where} that this connection can see. Check the ids with ` +
          `${campaignIds ? 'list_social_campaigns' : 'list_social_ad_sets'}, or pass the ad_account_id it ` +
          'belongs to.',
      );
    }
    const ads = page.items.map(adLine);
    const nextCursor = page.next ? encodeCursor(bound, page.next) : null;
    const ids = campaignIds ?? adSetIds;
    const scope = ids ? ` of ${parent}${ids.length === 1 ? '' : 's'} ${ids.join(', ')}` : '';
    const heading =
      ads.length === 0
        ? `No ad${scope} in ${where}${args.cursor ? ' after the cursor' : ''} with status ` +
          `${(statuses ?? ['ACTIVE', 'PAUSED']).join(' or ')}.`
        : `${ads.length} ad${ads.length === 1 ? '' : 's'}${scope} in ${where}:`;
    const sections = [heading];
    if (ads.length > 0) {
      sections.push(
        markdownTable(
          ['Ad', 'Id', 'Ad set', 'Campaign', 'Status', 'Effective status', 'Creative'],
          ads.map((a) => [
            a.name,
            a.id,
            a.ad_set_id,
            a.campaign_id,
            a.status,
            a.effective_status,
            a.creative_id ?? '–',
          ]),
        ),
      );
    }
    if (nextCursor) {
      sections.push('More ads follow: call again with the same arguments and cursor set to next_cursor.');
    }
    return {
      text: sections.join('\n\n'),
      structured: { ad_account_id: account.account_id, ads, next_cursor: nextCursor },
    };
  },
});
