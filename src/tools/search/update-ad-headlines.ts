import { z } from 'zod';
import { findResponsiveSearchAd, headlinesUpdate, withKeptPins } from '../../platforms/search/ads.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { AdTextAsset } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument, digitsId, dryRun } from '../arguments.ts';
import { dryRunText, updatedText } from '../changes/answer-texts.ts';
import { applyWrite } from '../changes/apply-write.ts';
import type { Change } from '../changes/change.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { defineTool } from '../tool.ts';
import { headlines } from './ad-text.ts';
import { GOOGLE_ADS, mutateStep } from './write-steps.ts';

const HEADLINES = z.array(
  z.object({
    text: z.string().describe('The headline.'),
    pinned_field: z.string().optional().describe('Where it is pinned, like HEADLINE_1.'),
  }),
);

export const updateAdHeadlines = defineTool({
  name: 'update_ad_headlines',
  description:
    'Replaces all headlines of a Google Ads responsive search ad with 3 to 15 new ones (at most 30 characters each). Billable: one quota unit.',
  guidance:
    'Replaces all headlines of a responsive search ad (Google Ads) with 3 to 15 new ones of at most 30 ' +
    'characters. Use it to refresh or A/B test ad copy. Not for creating ads. Billable: one call of quota. ' +
    'Pass dry_run to check the change without making it.',
  platform: 'search',
  billable: true,
  changes: {
    object: 'ad',
    fields: { headlines: 'none' },
    address: ([ad]) => ({ ad_group_id: ad?.parentId, ad_id: ad?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    ad_group_id: digitsId().describe('Ad group holding the ad (digits).'),
    ad_id: digitsId().describe('The responsive search ad to update (digits).'),
    headlines: headlines().describe(
      'The new headlines, 3 to 15, each 1 to 30 characters, no duplicates, no "!".',
    ),
    customer_id: accountArgument('search'),
    dry_run: dryRun,
  }),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
    ad_group_id: z.string().describe('The ad group.'),
    ad_id: z.string().describe('The ad.'),
    resource_name: z.string().describe("The ad group ad's Google resource name."),
    before: HEADLINES.describe('The headlines as they were.'),
    after: HEADLINES.describe('The headlines now (or on a dry run, as they would be); pins kept.'),
    dry_run: z.boolean().describe('Whether Google only validated the change.'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  auditFields: ['ad_group_id', 'ad_id'],
  example: {
    ad_group_id: '1234567',
    ad_id: '7654321',
    headlines: ['Fast shipping', 'Free returns', 'Rated 4.9 by buyers'],
  },
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const session = await PlatformSession.open(context, searchProtocol);
    const client = new SearchClient(session);
    const ad = await findResponsiveSearchAd(client, customerId, args.ad_group_id, args.ad_id);
    const after = withKeptPins(args.headlines, ad.headlines);
    const operations = [headlinesUpdate(ad.resourceName, after)];
    const shown = (list: AdTextAsset[]) =>
      `${list.length} headlines ` +
      list.map((h) => `"${h.text}"${h.pinnedField ? ` (pinned ${h.pinnedField})` : ''}`).join(', ');
    const fields = (list: AdTextAsset[]) =>
      list.map((h) => ({ text: h.text, ...(h.pinnedField && { pinned_field: h.pinnedField }) }));
    const where =
      `Google Ads ad ${args.ad_id} in ad group ${args.ad_group_id}` +
      `${ad.adGroupName ? ` ("${ad.adGroupName}")` : ''} of customer ${customerId}`;
    const structured = {
      customer_id: customerId,
      ad_group_id: args.ad_group_id,
      ad_id: args.ad_id,
      resource_name: ad.resourceName,
      before: fields(ad.headlines),
      after: fields(after),
      dry_run: context.dryRun,
    };
    // Headlines move no money; the ad delivers (or not) as before, on its campaign's budget.
    const delivers = { active: ad.status === 'ENABLED' };
    const change: Change = {
      what: `replace the headlines of ad ${args.ad_id}`,
      currency: context.account?.currency ?? 'USD',
      object: `ad ${args.ad_id}`,
      shown: { before: { headlines: structured.before }, after: { headlines: structured.after } },
      objects: [
        {
          ref: { kind: 'ad', id: args.ad_id, parentId: args.ad_group_id },
          label: `ad ${args.ad_id} of ad group ${args.ad_group_id}`,
          fields: [{ field: 'headlines', money: 'none' }],
          delivery: { before: delivers, after: delivers },
          budgets: {
            currency: context.account?.currency ?? 'USD',
            elsewhere: 'by the budget of its campaign',
          },
        },
      ],
    };
    const step = mutateStep({
      action: 'replace the headlines',
      fields: ['headlines'],
      shown: ['headlines'],
      request: client.mutateAdsRequest(customerId, operations, false),
      mutate: (validateOnly) => client.mutateAds(customerId, operations, validateOnly),
    });
    const { preview } = await applyWrite(context, { change, steps: [step], platform: 'Google Ads' });
    const [from, to] = [shown(ad.headlines), shown(after)];
    if (preview) {
      return {
        text: dryRunText(GOOGLE_ADS, where, { from, to }, preview),
        structured: { ...structured, preview },
      };
    }
    return {
      text: updatedText(
        where,
        { from, to },
        'Google reviews edited ads before they serve again; check the ad status in Google Ads.',
      ),
      structured,
    };
  },
});
