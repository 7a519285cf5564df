import { z } from 'zod';
import { findAdGroupToUpdate } from '../../platforms/search/ad-groups.ts';
import { findCampaignToUpdate } from '../../platforms/search/campaign-update.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import {
  adGroupNegative,
  campaignNegative,
  existingNegatives,
  keywordKey,
  type NegativeLevel,
} from '../../platforms/search/negative-keywords.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { KeywordInfo } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument, digitsId, dryRun, exactlyOneOf, exactlyOneOfSchema, text } from '../arguments.ts';
import { dryRunText, nothingText, updatedText } from '../changes/answer-texts.ts';
import { applyWrite } from '../changes/apply-write.ts';
import type { Change, ObjectChange } from '../changes/change.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { defineTool } from '../tool.ts';
import { GOOGLE_ADS, mutateStep } from './write-steps.ts';

const NAME = 'add_search_negative_keywords';
const MAX_KEYWORDS = 200;
const MATCH_TYPES = ['EXACT', 'PHRASE', 'BROAD'] as const;

const KEYWORD_OUTPUT = z.object({
  text: z.string().describe('The negative keyword text.'),
  match_type: z.enum(MATCH_TYPES).describe('EXACT, PHRASE or BROAD.'),
});

export const addSearchNegativeKeywords = defineTool({
  name: NAME,
  description:
    'Adds negative keywords to one Google Ads campaign or ad group so matching searches stop showing ' +
    'its ads; ones already there are skipped. Never raises spend. Billable: one quota unit.',
  guidance:
    'Adds negative keywords to a Google Ads campaign or ad group (exactly one of campaign_id and ' +
    'ad_group_id), so matching searches stop showing its ads; ones already there, or repeated in the call, ' +
    'are skipped and reported. Use it on list_search_terms without_conversions. Never raises spend. Pass ' +
    'dry_run to have Google validate without changing. Billable: one quota unit.',
  platform: 'search',
  billable: true,
  // Each negative is a new criterion that only keeps ads from showing: nothing of it moves money.
  changes: {
    object: 'negative_keyword',
    creates: true,
    // The campaign or the ad group the negatives are added to.
    fields: { keywords: 'none', campaign_id: 'none', ad_group_id: 'none' },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      campaign_id: digitsId().optional().describe('Add them to this campaign (digits); or give ad_group_id.'),
      ad_group_id: digitsId().optional().describe('Add them to this ad group (digits); or give campaign_id.'),
      keywords: z
        .array(
          z.strictObject({
            text: text(80).describe('The words to exclude, at most 80 characters and 10 words.'),
            match_type: z.enum(MATCH_TYPES).describe('EXACT, PHRASE or BROAD, as Google matches negatives.'),
          }),
        )
        .min(1)
        .max(MAX_KEYWORDS)
        .describe(`The negative keywords, 1 to ${MAX_KEYWORDS}.`),
      customer_id: accountArgument('search'),
      dry_run: dryRun,
    })
    .superRefine(exactlyOneOf('campaign_id', 'ad_group_id'))
    .meta(exactlyOneOfSchema('campaign_id', 'ad_group_id')),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
    campaign_id: z.string().optional().describe('The campaign, when added at campaign level.'),
    ad_group_id: z.string().optional().describe('The ad group, when added at ad group level.'),
    name: z.string().describe('Its name.'),
    added: z.array(KEYWORD_OUTPUT).describe('The negatives added (or that would be, on a dry run).'),
    skipped: z
      .array(KEYWORD_OUTPUT.extend({ reason: z.string().describe('Why it was not added.') }))
      .describe('The negatives not added: already there, or repeated in the call.'),
    before: z.object({ negative_keywords: z.number().describe('How many.') }).describe('Negatives before.'),
    after: z.object({ negative_keywords: z.number().describe('How many.') }).describe('Negatives after.'),
    changed: z
      .array(z.string())
      .describe('["negative_keywords"] when any was added; empty when nothing was sent.'),
    dry_run: z.boolean().describe('Whether Google only validated the change.'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  auditFields: ['campaign_id', 'ad_group_id', 'keywords'],
  example: { campaign_id: '20123456789', keywords: [{ text: 'free download', match_type: 'PHRASE' }] },
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const level: NegativeLevel =
      args.campaign_id !== undefined
        ? { campaignId: args.campaign_id }
        : { adGroupId: args.ad_group_id ?? '' };
    const owner =
      'campaignId' in level
        ? await findCampaignToUpdate(client, customerId, level.campaignId)
        : await findAdGroupToUpdate(client, customerId, level.adGroupId);
    const what = 'campaignId' in level ? `campaign ${owner.id}` : `ad group ${owner.id}`;
    const existing = await existingNegatives(client, customerId, level);
    const seen = new Set(existing.map(keywordKey));
    const added: Array<{ text: string; match_type: KeywordInfo['matchType'] }> = [];
    const skipped: Array<{ text: string; match_type: KeywordInfo['matchType']; reason: string }> = [];
    for (const keyword of args.keywords) {
      const key = keywordKey({ text: keyword.text, matchType: keyword.match_type });
      if (seen.has(key)) {
        const inCall = added.some((a) => keywordKey({ text: a.text, matchType: a.match_type }) === key);
        skipped.push({
          ...keyword,
          reason: inCall ? 'repeated in this call' : `already a negative of ${what}`,
        });
        continue;
      }
      seen.add(key);
      added.push({ text: keyword.text, match_type: keyword.match_type });
    }
    const structured = {
      customer_id: customerId,
      ...('campaignId' in level ? { campaign_id: owner.id } : { ad_group_id: owner.id }),
      name: owner.name,
      added,
      skipped,
      before: { negative_keywords: existing.length },
      after: { negative_keywords: existing.length + added.length },
      changed: added.length > 0 ? ['negative_keywords'] : [],
      dry_run: context.dryRun,
    };
    const where = `Google Ads ${what} ("${owner.name}") of customer ${customerId}`;
    const skippedText =
      skipped.length > 0
        ? `Skipped ${skipped.map((s) => `"${s.text}" (${s.match_type}): ${s.reason}`).join('; ')}.`
        : '';
    if (added.length === 0) {
      return {
        text:
          nothingText(GOOGLE_ADS, 'every keyword given', `a negative of ${where}`) +
          (skippedText ? ` ${skippedText}` : ''),
        structured: { ...structured, ...(context.dryRun && { preview: [] }) },
      };
    }
    const infos = added.map((a): KeywordInfo => ({ text: a.text, matchType: a.match_type }));
    const words = (keyword: { text: string; match_type: string }) =>
      `"${keyword.text}" (${keyword.match_type})`;
    const campaignId = 'campaignId' in owner ? owner.campaignId : owner.id;
    const objects = added.map(
      (keyword): ObjectChange => ({
        // A placeholder id: Google names the criterion once it is made.
        ref: { kind: 'negative_keyword', id: 'new', parentId: owner.id, campaignId },
        label: `negative keyword ${words(keyword)} of ${what}`,
        created: true,
        fields: [{ field: 'keywords', money: 'none' }],
        // A negative never delivers: it only keeps the ads of its campaign or ad group from showing.
        delivery: { after: { active: false } },
        budgets: { currency: context.account?.currency ?? 'USD' },
      }),
    );
    const count = (n: number) => `${n} negative keyword${n === 1 ? '' : 's'}`;
    const change: Change = {
      what: `add ${count(added.length)} to ${what}`,
      currency: context.account?.currency ?? 'USD',
      object: what,
      shown: { before: { ...structured.before }, after: { ...structured.after, added } },
      objects,
    };
    const campaignLevel = 'campaignId' in level;
    const campaignOperations = infos.map((k) => campaignNegative(customerId, owner.id, k));
    const adGroupOperations = infos.map((k) => adGroupNegative(customerId, owner.id, k));
    const step = mutateStep({
      action: `add the ${count(added.length)}`,
      fields: ['keywords'],
      shown: ['negative_keywords', 'added'],
      request: campaignLevel
        ? client.mutateRequest(customerId, 'campaignCriteria:mutate', campaignOperations, false)
        : client.mutateRequest(customerId, 'adGroupCriteria:mutate', adGroupOperations, false),
      mutate: (validateOnly) =>
        campaignLevel
          ? client.mutateCampaignCriteria(customerId, campaignOperations, validateOnly)
          : client.mutateAdGroupCriteria(customerId, adGroupOperations, validateOnly),
    });
    const { preview } = await applyWrite(context, { change, steps: [step], platform: 'Google Ads' });
    const from = count(existing.length);
    const to = `${count(existing.length + added.length)}, adding ${added.map(words).join(', ')}`;
    if (preview) {
      return {
        text: dryRunText(GOOGLE_ADS, where, { from, to }, preview, skippedText),
        structured: { ...structured, preview },
      };
    }
    return {
      text: updatedText(
        where,
        { from, to },
        `${skippedText ? `${skippedText} ` : ''}Matching searches no longer show its ads.`,
      ),
      structured,
    };
  },
});
