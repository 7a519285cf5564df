import { z } from 'zod';
import { findAdGroupToUpdate } from '../../platforms/search/ad-groups.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { findCriteria, keywordStatusUpdate } from '../../platforms/search/keywords.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { SettableCampaignStatus } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, digitsId, dryRun } from '../arguments.ts';
import { dryRunText, nothingText, updatedText } from '../changes/answer-texts.ts';
import { applyWrite } from '../changes/apply-write.ts';
import type { Change, ObjectChange } from '../changes/change.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { platformStatus, STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { idList } from './below-campaign.ts';
import { GOOGLE_ADS, mutateStep } from './write-steps.ts';

const NAME = 'update_search_keywords';
const MAX_KEYWORDS = 100;
const STATE = z.object(STATUS_FIELDS);

export const updateSearchKeywords = defineTool({
  name: NAME,
  description:
    'Pauses or enables up to 100 keywords of one Google Ads ad group, all or none; answers each ' +
    "keyword's status before and after. Enabling needs the spend scope. Billable: one quota unit.",
  guidance:
    'Pauses or enables up to 100 keywords of one Google Ads ad group at once, all or none; the answer ' +
    "shows each keyword's status before and after. Use it on the keywords list_search_keywords shows " +
    'wasting money. Enabling needs a key with the spend scope. Pass dry_run to have Google validate the ' +
    'change without making it. Billable: one quota unit. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'search',
  billable: true,
  changes: {
    object: 'keyword',
    fields: { status: 'delivery' },
    address: (keywords) => ({
      ad_group_id: keywords[0]?.parentId,
      keyword_ids: keywords.map((keyword) => keyword.id),
    }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    ad_group_id: digitsId().describe('The ad group of the keywords (digits).'),
    keyword_ids: idList(MAX_KEYWORDS).describe(
      'The keyword ids (criterion ids) that list_search_keywords shows.',
    ),
    status: statusChange('search').describe('PAUSED stops the keywords, ACTIVE runs them again.'),
    customer_id: accountArgument('search'),
    dry_run: dryRun,
  }),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
    ad_group_id: z.string().describe('The ad group.'),
    name: z.string().describe("The ad group's name."),
    keywords: z
      .array(
        z.object({
          keyword_id: z.string().describe('The criterion id.'),
          text: z.string().describe('The keyword text.'),
          match_type: z.string().describe('EXACT, PHRASE or BROAD.'),
          before: STATE.describe('As it was.'),
          after: STATE.describe('As it is now (or would be).'),
          changed: z.array(z.string()).describe('["status"] when it changes, else empty.'),
        }),
      )
      .describe('Each keyword asked for, in the order given.'),
    before: z
      .object({ keywords: z.array(z.string()).describe('Platform statuses.') })
      .describe('Statuses before.'),
    after: z
      .object({ keywords: z.array(z.string()).describe('Platform statuses.') })
      .describe('Statuses after.'),
    changed: z
      .array(z.string())
      .describe('["status"] when any keyword changes; empty when nothing was sent.'),
    dry_run: z.boolean().describe('Whether Google only validated the change.'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  stop: { status: { field: 'status', pausing: ['PAUSED'] }, alsoAllowed: ['ad_group_id', 'keyword_ids'] },
  auditFields: ['ad_group_id', 'keyword_ids', 'status'],
  example: { ad_group_id: '1234567', keyword_ids: ['301234567'], status: 'PAUSED' },
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const currency = context.account?.currency ?? 'USD';
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const read = async () => {
      const group = await findAdGroupToUpdate(client, customerId, args.ad_group_id);
      return { group, found: await findCriteria(client, customerId, group.id, args.keyword_ids) };
    };
    // A retry that takes over a crashed attempt answers from the keywords as the first attempt found them.
    const { group, found } = await context.recovery.once('before', read);
    const byId = new Map(found.map((criterion) => [criterion.criterionId, criterion]));
    const issues = args.keyword_ids.flatMap((id, index) => {
      const criterion = byId.get(id);
      const field = `keyword_ids[${index}]`;
      if (!criterion)
        return [
          { field, message: `ad group ${group.id} has no keyword ${id}; list_search_keywords shows them` },
        ];
      if (criterion.negative || criterion.type !== 'KEYWORD')
        return [
          { field, message: `${id} is a negative keyword or another criterion, whose status cannot be set` },
        ];
      if (criterion.status === 'REMOVED')
        return [{ field, message: `keyword ${id} ("${criterion.text}") is removed and cannot be changed` }];
      return [];
    });
    if (issues.length > 0) throw invalidArguments(NAME, issues);
    const wanted = platformStatus('search', args.status) as SettableCampaignStatus;
    const keywords = args.keyword_ids.map((id) => {
      const criterion = byId.get(id);
      const was = criterion?.status ?? 'UNKNOWN';
      return {
        keyword_id: id,
        text: criterion?.text ?? '',
        match_type: criterion?.matchType ?? 'UNKNOWN',
        before: statusFields('search', was),
        after: statusFields('search', wanted),
        changed: was === wanted ? [] : ['status'],
      };
    });
    const changing = keywords.filter((keyword) => keyword.changed.length > 0);
    const where = `Google Ads ad group ${group.id} ("${group.name}") of customer ${customerId}`;
    const structured = {
      customer_id: customerId,
      ad_group_id: group.id,
      name: group.name,
      keywords,
      before: { keywords: keywords.map((k) => k.before.platform_status) },
      after: { keywords: keywords.map((k) => k.after.platform_status) },
      changed: changing.length > 0 ? ['status'] : [],
      dry_run: context.dryRun,
    };
    const listed = (list: typeof keywords) =>
      `${list.length === 1 ? 'keyword' : 'keywords'} ${list.map((k) => `${k.keyword_id} ("${k.text}")`).join(', ')}`;
    const first = changing[0];
    if (!first) {
      // Asked with nothing moving: an approval or a revert checks the keywords are as it expects.
      const now = { ...(keywords[0]?.before ?? statusFields('search', wanted)) };
      await context.authorizeChange({
        what: `leave ${listed(keywords)} ${wanted}`,
        currency,
        object: `${listed(keywords)} of ad group ${group.id}`,
        shown: { before: now, after: now },
        objects: [],
      });
      return {
        text: nothingText(
          GOOGLE_ADS,
          `${listed(keywords)} of ${where}`,
          wanted,
          keywords.length === 1 ? 'is' : 'are',
        ),
        structured: { ...structured, ...(context.dryRun && { preview: [] }) },
      };
    }
    // The keywords that change all go from the other status to the one asked for.
    const [from, to] = [first.before, first.after];
    const enables = wanted === 'ENABLED';
    const some = changing.length === 1 ? `keyword ${first.keyword_id}` : `${changing.length} keywords`;
    const objects = changing.map(
      (keyword): ObjectChange => ({
        ref: { kind: 'keyword', id: keyword.keyword_id, parentId: group.id, campaignId: group.campaignId },
        label: `keyword ${keyword.keyword_id} ("${keyword.text}") of ad group ${group.id}`,
        fields: [
          {
            field: 'status',
            money: 'delivery',
            before: keyword.before.platform_status === 'ENABLED',
            after: enables,
          },
        ],
        delivery: {
          before: { active: keyword.before.platform_status === 'ENABLED' },
          after: { active: enables },
        },
        budgets: { currency, elsewhere: `by the budget of its campaign ${group.campaignId}` },
      }),
    );
    const change: Change = {
      what: `${enables ? 'enable' : 'pause'} ${some} of ad group ${group.id}`,
      currency,
      object: `${some} of ad group ${group.id}`,
      shown: { before: { ...from }, after: { ...to } },
      objects,
    };
    const operations = changing.map((keyword) =>
      keywordStatusUpdate(customerId, group.id, keyword.keyword_id, wanted),
    );
    const step = mutateStep({
      action: `${enables ? 'enable' : 'pause'} ${changing.length === 1 ? 'the keyword' : `the ${changing.length} keywords`}`,
      fields: ['status'],
      shown: ['status', 'platform_status'],
      request: client.mutateRequest(customerId, 'adGroupCriteria:mutate', operations, false),
      mutate: (validateOnly) => client.mutateAdGroupCriteria(customerId, operations, validateOnly),
    });
    const { preview } = await applyWrite(context, { change, steps: [step], platform: 'Google Ads' });
    const subject = `${listed(changing)} of ${where}`;
    if (preview) {
      return {
        text: dryRunText(
          GOOGLE_ADS,
          subject,
          { from: from.platform_status, to: to.platform_status },
          preview,
        ),
        structured: { ...structured, preview },
      };
    }
    return { text: updatedText(subject, { from: from.platform_status, to: to.platform_status }), structured };
  },
});
