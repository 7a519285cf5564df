import { z } from 'zod';
import { findResponsiveSearchAd, headlinesUpdate, withKeptPins } from '../../platforms/search/ads.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { AdTextAsset } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument, digitsId, dryRun } from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { headlines } from './ad-text.ts';

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
    preview: z
      .object({
        method: z.string().describe('HTTP method.'),
        url: z.string().describe('The path of the mutate.'),
        body: z.unknown().describe('The JSON body, operations as Google takes them.'),
      })
      .optional()
      .describe('On a dry run: the request that would be sent.'),
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
      list.map((h) => `"${h.text}"${h.pinnedField ? ` (pinned ${h.pinnedField})` : ''}`).join(', ');
    const fields = (list: AdTextAsset[]) =>
      list.map((h) => ({ text: h.text, ...(h.pinnedField && { pinned_field: h.pinnedField }) }));
    const where = `ad ${args.ad_id} in ad group ${args.ad_group_id}${ad.adGroupName ? ` ("${ad.adGroupName}")` : ''}`;
    const structured = {
      customer_id: customerId,
      ad_group_id: args.ad_group_id,
      ad_id: args.ad_id,
      resource_name: ad.resourceName,
      before: fields(ad.headlines),
      after: fields(after),
    };
    if (context.dryRun) {
      // Google's own dry run: the change is checked upstream (validateOnly) and nothing is changed.
      await client.mutateAds(customerId, operations, true);
      const { method, url, body } = client.mutateAdsRequest(customerId, operations, false);
      return {
        text:
          `Dry run: Google Ads validated the change and made none. The headlines of ${where} would change ` +
          `from ${ad.headlines.length}: ${shown(ad.headlines)}\nto ${after.length}: ${shown(after)}.\n` +
          'Call again without dry_run to apply it.',
        structured: { ...structured, dry_run: true, preview: { method, url: new URL(url).pathname, body } },
      };
    }
    await client.mutateAds(customerId, operations, false);
    return {
      text:
        `Replaced the headlines of responsive search ${where}, customer ${customerId}.\n` +
        `Before (${ad.headlines.length}): ${shown(ad.headlines)}\nAfter (${after.length}): ${shown(after)}.\n` +
        'Google reviews edited ads before they serve again; check the ad status in Google Ads.',
      structured: { ...structured, dry_run: false },
    };
  },
});
