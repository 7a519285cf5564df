import { z } from 'zod';
import { decimalToMicros, formatMicros } from '../../money.ts';
import type { NetworkCampaign, NetworkCampaignGroup } from '../../platforms/network/answers.ts';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { idOf, urn } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { digitsOrUrn } from '../arguments.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import {
  commonStatus,
  STATUS_FIELDS,
  type Status,
  statusFields,
  statusFilter,
  statusText,
} from '../status-vocabulary.ts';

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

export const listNetworkCampaigns = defineListTool({
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
  filters: {
    campaign_group_id: digitsOrUrn('sponsoredCampaignGroup')
      .optional()
      .describe('Only the campaigns of this campaign group (digits or URN).'),
    status: statusFilter('network').describe(
      'Only campaigns in these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED.',
    ),
  },
  example: { campaign_group_id: '6123456' },
  fields: {
    currency: z.string().describe('The account currency.'),
    campaign_groups: z.array(groupOutput).describe("The groups of this page's campaigns, by name."),
    campaigns: z.array(campaignOutput).describe('The campaigns of this page.'),
    not_found: z.array(z.string()).describe('campaign_group_id when it is not in this account.'),
  },
  rows: 'campaigns',
  position: z.string(),
  query: (args) => {
    const statuses = [...new Set(args.status ?? DEFAULT_STATUSES)].sort();
    return {
      groupId: args.campaign_group_id ? idOf(args.campaign_group_id) : undefined,
      statuses,
      platformStatuses: CAMPAIGN_STATUSES.filter((s) => statuses.includes(commonStatus('network', s))),
    };
  },
  async read({ context, query, position, limit }) {
    const { groupId } = query;
    const client = new NetworkClient(await PlatformSession.open(context, networkProtocol));
    const page = await client.campaignsPage(
      { ...(groupId && { campaignGroup: [urn.group(groupId)] }), status: query.platformStatuses },
      limit,
      position,
    );
    const groupIds = [
      ...new Set([
        ...(groupId ? [groupId] : []),
        ...page.campaigns.flatMap((c) => (c.campaignGroup ? [idOf(c.campaignGroup)] : [])),
      ]),
    ];
    const groups = (groupIds.length > 0 ? await client.groupsByIds(groupIds) : [])
      .map(groupRow)
      .sort((a, b) => a.name.localeCompare(b.name));
    const groupNames = new Map(groups.map((g) => [g.campaign_group_id, g.name]));
    return {
      items: page.campaigns,
      next: page.nextPageToken || undefined,
      groups,
      groupNames,
      counts: await client.liveCreativeCounts(page.campaigns.map((c) => String(c.id))),
      missingGroup: groupId !== undefined && !groupNames.has(groupId),
    };
  },
  row: (campaign, { account, page }) => campaignRow(campaign, page.counts, account.currency),
  answer: ({ account, query, page }) => ({
    currency: account.currency,
    campaign_groups: page.groups,
    not_found: page.missingGroup ? [query.groupId] : [],
  }),
  heading: ({ account, query, rows, nextCursor }) =>
    `LinkedIn ad account ${account.account_id}: ${rows.length} campaign${rows.length === 1 ? '' : 's'} ` +
    `(${query.statuses.join(', ')})${query.groupId ? ` in campaign group ${query.groupId}` : ''}` +
    `${nextCursor ? ', more with next_cursor' : ''}.`,
  before: ({ query, page }) => [
    ...(page.missingGroup
      ? [
          `Campaign group ${query.groupId} is not in this account: call ${TOOL} without campaign_group_id to see the groups.`,
        ]
      : []),
    ...(page.groups.length > 0
      ? [
          markdownTable(
            ['Campaign group', 'Group id', 'Status', 'Objective'],
            page.groups.map((g) => [
              g.name,
              g.campaign_group_id,
              `${g.status} (${g.platform_status})`,
              g.objective ?? '–',
            ]),
          ),
        ]
      : []),
  ],
  columns: ({ page }) => [
    ['Campaign', (c) => c.name],
    ['Id', (c) => c.campaign_id],
    ['Status', statusText],
    [
      'Group',
      (c) =>
        c.campaign_group_id
          ? `${page.groupNames.get(c.campaign_group_id) ?? ''} (${c.campaign_group_id})`
          : '–',
    ],
    ['Type', (c) => c.type ?? '–'],
    ['Format', (c) => c.format ?? '–'],
    ['Objective', (c) => c.objective ?? '–'],
    ['Daily budget', (c) => (c.daily_budget ? `${c.daily_budget} ${c.currency}` : '–')],
    ['Creatives', (c) => String(c.creatives)],
  ],
});
