import { z } from 'zod';
import { findAdGroupToUpdate } from '../../platforms/search/ad-groups.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { findCriteria, keywordStatusUpdate } from '../../platforms/search/keywords.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { SettableCampaignStatus } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, digitsId, dryRun } from '../arguments.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { platformStatus, STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { idList, PREVIEW_OUTPUT } from './below-campaign.ts';

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
  changesSpend: true,
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
  }),
  stop: { status: { field: 'status', pausing: ['PAUSED'] }, alsoAllowed: ['ad_group_id', 'keyword_ids'] },
  auditFields: ['ad_group_id', 'keyword_ids', 'status'],
  example: { ad_group_id: '1234567', keyword_ids: ['301234567'], status: 'PAUSED' },
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const group = await findAdGroupToUpdate(client, customerId, args.ad_group_id);
    const found = await findCriteria(client, customerId, group.id, args.keyword_ids);
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
    const where = `ad group ${group.id} ("${group.name}") of customer ${customerId}`;
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
    if (changing.length === 0) {
      return {
        text: `Nothing to change: the ${keywords.length} keyword(s) of ${where} are already ${wanted}. No change was sent to Google Ads.`,
        structured,
      };
    }
    context.authorizeChange({
      what: `${wanted === 'ENABLED' ? 'enable' : 'pause'} ${changing.length} keyword(s) of ad group ${group.id}`,
      startsOrRaisesSpend: wanted === 'ENABLED',
    });
    const operations = changing.map((keyword) =>
      keywordStatusUpdate(customerId, group.id, keyword.keyword_id, wanted),
    );
    const list = changing.map((k) => `${k.keyword_id} ("${k.text}")`).join(', ');
    if (context.dryRun) {
      await client.mutateAdGroupCriteria(customerId, operations, true);
      const { method, url, body } = client.mutateRequest(
        customerId,
        'adGroupCriteria:mutate',
        operations,
        false,
      );
      return {
        text: `Dry run: Google Ads validated the change and made none: ${list} of ${where} would be ${wanted}. Call again without dry_run to apply it.`,
        structured: { ...structured, preview: [{ method, url: new URL(url).pathname, body }] },
      };
    }
    await client.mutateAdGroupCriteria(customerId, operations, false);
    context.noteChange(
      { keywords: changing.map((k) => ({ keyword_id: k.keyword_id, ...k.before })) },
      { keywords: changing.map((k) => ({ keyword_id: k.keyword_id, ...k.after })) },
    );
    return {
      text: `Updated Google Ads ${where}: ${list} ${changing.length === 1 ? 'is' : 'are'} now ${wanted}.`,
      structured,
    };
  },
});
