import { z } from 'zod';
import { decimalToMicros, formatMicros } from '../../money.ts';
import type { NetworkCampaign, NetworkCampaignGroup } from '../../platforms/network/answers.ts';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { idOf, urn } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument, digitsOrUrn } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import {
  commonStatus,
  STATUS_FIELDS,
  type Status,
  statusFields,
  statusFilter,
} from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';

const TOOL = 'list_network_campaigns';

/** LinkedIn's campaign statuses, as its search finder filters them. */
const CAMPAIGN_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'DRAFT',
  'COMPLETED',
  'ARCHIVED',
  'CANCELED',
  'PENDING_DELETION',
  'REMOVED',
] as const;
const DEFAULT_STATUSES: Status[] = ['ACTIVE', 'PAUSED'];

/** An amount LinkedIn wrote as a decimal string, as every answer writes money. */
function amount(money: { amount: string; currencyCode: string } | undefined): string | null {
  return money ? formatMicros(decimalToMicros(money.amount), money.currencyCode) : null;
}

function campaignRow(campaign: NetworkCampaign, counts: Map<string, number>, currency: string) {
  const id = String(campaign.id);
  return {
    campaign_id: id,
    name: campaign.name ?? '',
    ...statusFields('network', campaign.status ?? 'DRAFT'),
    campaign_group_id: campaign.campaignGroup ? idOf(campaign.campaignGroup) : null,
    type: campaign.type ?? null,
    format: campaign.format ?? null,
    objective: campaign.objectiveType ?? null,
    daily_budget: amount(campaign.dailyBudget),
    total_budget: amount(campaign.totalBudget),
    currency: campaign.dailyBudget?.currencyCode ?? campaign.totalBudget?.currencyCode ?? currency,
    creatives: counts.get(id) ?? 0,
  };
}

function groupRow(group: NetworkCampaignGroup) {
  return {
    campaign_group_id: String(group.id),
    name: group.name ?? '',
    ...statusFields('network', group.status ?? 'DRAFT'),
    objective: group.objectiveType ?? null,
    total_budget: amount(group.totalBudget),
  };
}

const money = (what: string) =>
  z.string().nullable().describe(`${what} in the account currency; null when none.`);

const groupOutput = z.object({
  campaign_group_id: z.string().describe('The digits of urn:li:sponsoredCampaignGroup.'),
  name: z.string().describe('Its name.'),
  ...STATUS_FIELDS,
  objective: z.string().nullable().describe("LinkedIn's objectiveType, when set."),
  total_budget: money('Total budget'),
});

const campaignOutput = z.object({
  campaign_id: z.string().describe('The digits of urn:li:sponsoredCampaign.'),
  name: z.string().describe('Its name.'),
  ...STATUS_FIELDS,
  campaign_group_id: z.string().nullable().describe('Its campaign group.'),
  type: z.string().nullable().describe('SPONSORED_UPDATES, TEXT_AD...'),
  format: z.string().nullable().describe('SINGLE_IMAGE, VIDEO, CAROUSEL, TEXT_AD...'),
  objective: z.string().nullable().describe("LinkedIn's objectiveType, when set."),
  daily_budget: money('Daily budget'),
  total_budget: money('Total budget'),
  currency: z.string().describe('The currency of its budgets.'),
  creatives: z.number().int().describe('How many creatives (ads) it has, not removed.'),
});

export const listNetworkCampaigns = defineTool({
  name: TOOL,
  description:
    'LinkedIn campaigns with their groups: ids, status, format, objective, daily budget and ad count. Use it to find the ids other network tools take. Billable: one quota unit.',
  guidance:
    'Lists the campaigns of a LinkedIn ad account with their campaign groups: ids, names, status, type, ' +
    'format, objective, daily budget in the account currency and how many creatives (ads) each campaign ' +
    'has. Use it to find the ids the other network tools take: campaign_group_id for ' +
    'add_network_campaign_to_group, campaign_id for add_network_carousel_creative, ' +
    'associate_network_conversion, get_network_campaign_performance and update_network_campaign. Filter by ' +
    'campaign_group_id and status (default ACTIVE and PAUSED); large accounts page with limit and ' +
    'next_cursor. Read-only. Billable: one quota unit.',
  platform: 'network',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_group_id: digitsOrUrn('sponsoredCampaignGroup')
      .optional()
      .describe('Only the campaigns of this campaign group (digits or URN).'),
    status: statusFilter('network').describe(
      'Only campaigns in these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED.',
    ),
    limit: limitArgument,
    cursor: cursorArgument,
    account_id: accountArgument('network'),
  }),
  output: z.object({
    account_id: z.string().describe('The LinkedIn ad account.'),
    currency: z.string().describe('The account currency.'),
    campaign_groups: z.array(groupOutput).describe("The groups of this page's campaigns, by name."),
    campaigns: z.array(campaignOutput).describe('The campaigns of this page.'),
    not_found: z.array(z.string()).describe('campaign_group_id when it is not in this account.'),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  example: { campaign_group_id: '6123456' },
  auditFields: ['campaign_group_id', 'status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved account`);
    const groupId = args.campaign_group_id ? idOf(args.campaign_group_id) : undefined;
    const statuses = [...new Set(args.status ?? DEFAULT_STATUSES)].sort();
    const platformStatuses = CAMPAIGN_STATUSES.filter((s) => statuses.includes(commonStatus('network', s)));
    const query = { account: account.account_id, groupId, statuses, limit: args.limit };
    const pageToken = decodeCursor<string>(args.cursor, query, TOOL);

    const client = new NetworkClient(await PlatformSession.open(context, networkProtocol));
    const page = await client.campaignsPage(
      { ...(groupId && { campaignGroup: [urn.group(groupId)] }), status: platformStatuses },
      args.limit,
      pageToken,
    );
    const groupIds = [
      ...new Set([
        ...(groupId ? [groupId] : []),
        ...page.campaigns.flatMap((c) => (c.campaignGroup ? [idOf(c.campaignGroup)] : [])),
      ]),
    ];
    const groups = groupIds.length > 0 ? await client.groupsByIds(groupIds) : [];
    const counts = await client.liveCreativeCounts(page.campaigns.map((c) => String(c.id)));

    const campaigns = page.campaigns.map((c) => campaignRow(c, counts, account.currency));
    const groupRows = groups.map(groupRow).sort((a, b) => a.name.localeCompare(b.name));
    const groupNames = new Map(groupRows.map((g) => [g.campaign_group_id, g.name]));
    const nextCursor = page.nextPageToken ? encodeCursor(query, page.nextPageToken) : null;
    const missingGroup = groupId !== undefined && !groupNames.has(groupId);

    const sections = [
      `LinkedIn ad account ${account.account_id}: ${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'} ` +
        `(${statuses.join(', ')})${groupId ? ` in campaign group ${groupId}` : ''}` +
        `${nextCursor ? ', more with next_cursor' : ''}.`,
    ];
    if (missingGroup) {
      sections.push(
        `Campaign group ${groupId} is not in this account: call ${TOOL} without campaign_group_id to see the groups.`,
      );
    }
    if (groupRows.length > 0) {
      sections.push(
        markdownTable(
          ['Campaign group', 'Group id', 'Status', 'Objective'],
          groupRows.map((g) => [
            g.name,
            g.campaign_group_id,
            `${g.status} (${g.platform_status})`,
            g.objective ?? '–',
          ]),
        ),
      );
    }
    if (campaigns.length > 0) {
      sections.push(
        markdownTable(
          ['Campaign', 'Id', 'Status', 'Group', 'Type', 'Format', 'Objective', 'Daily budget', 'Creatives'],
          campaigns.map((c) => [
            c.name,
            c.campaign_id,
            `${c.status} (${c.platform_status})`,
            c.campaign_group_id
              ? `${groupNames.get(c.campaign_group_id) ?? ''} (${c.campaign_group_id})`
              : '–',
            c.type ?? '–',
            c.format ?? '–',
            c.objective ?? '–',
            c.daily_budget ? `${c.daily_budget} ${c.currency}` : '–',
            String(c.creatives),
          ]),
        ),
      );
    }
    return {
      text: sections.join('\n\n'),
      structured: {
        account_id: account.account_id,
        currency: account.currency,
        campaign_groups: groupRows,
        campaigns,
        not_found: missingGroup ? [groupId] : [],
        next_cursor: nextCursor,
      },
    };
  },
});
