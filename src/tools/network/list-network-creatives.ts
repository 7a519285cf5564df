import { z } from 'zod';
import type { NetworkCreative } from '../../platforms/network/answers.ts';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { idOf } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { digitsOrUrn } from '../arguments.ts';
import { defineListTool } from '../reads/list-tool.ts';
import {
  commonStatus,
  STATUS_FIELDS,
  type Status,
  statusFields,
  statusFilter,
  statusText,
} from '../status-vocabulary.ts';

const TOOL = 'list_network_creatives';

/** A creative's intended statuses, as the creatives finder filters them. */
const INTENDED_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'] as const;
const DEFAULT_STATUSES: Status[] = ['ACTIVE', 'PAUSED'];
/** Campaign URNs in one finder call, to keep its URL well under LinkedIn's limit. */
const MAX_CAMPAIGNS = 50;

function creativeRow(creative: NetworkCreative) {
  return {
    creative_id: idOf(creative.id),
    campaign_id: creative.campaign ? idOf(creative.campaign) : null,
    name: creative.name ?? null,
    ...statusFields('network', creative.intendedStatus ?? 'DRAFT'),
    is_serving: creative.isServing ?? null,
    review_status: creative.review?.status ?? null,
    content_reference: creative.content?.reference ?? null,
    headline: creative.content?.textAd?.headline ?? null,
  };
}

const creativeOutput = z.object({
  creative_id: z.string().describe('The digits of urn:li:sponsoredCreative.'),
  campaign_id: z.string().nullable().describe('Its campaign.'),
  name: z.string().nullable().describe('Its name, when it has one.'),
  ...STATUS_FIELDS,
  is_serving: z.boolean().nullable().describe('Whether LinkedIn serves it now.'),
  review_status: z.string().nullable().describe("LinkedIn's review: PENDING, APPROVED, REJECTED..."),
  content_reference: z.string().nullable().describe('The post it sponsors (urn:li:share or ugcPost).'),
  headline: z.string().nullable().describe("A text ad's headline."),
});

export const listNetworkCreatives = defineListTool({
  name: TOOL,
  description:
    'LinkedIn creatives (ads) of an account or of some campaigns: status, serving, review and the post each sponsors. Billable: one quota unit.',
  guidance:
    'Lists the creatives (ads) of a LinkedIn ad account, or of some campaigns: ids, campaign, name, status, ' +
    'whether each serves and its review, and the post it sponsors. Filter by status (default ACTIVE and ' +
    'PAUSED); pages with limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'network',
  filters: {
    campaign_ids: z
      .array(digitsOrUrn('sponsoredCampaign'))
      .min(1)
      .max(MAX_CAMPAIGNS)
      .optional()
      .describe(
        `Only the creatives of these campaigns (at most ${MAX_CAMPAIGNS}), as list_network_campaigns gives.`,
      ),
    status: statusFilter('network').describe(
      'Only creatives in these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED.',
    ),
  },
  example: { campaign_ids: ['123456789'] },
  fields: { creatives: z.array(creativeOutput).describe('The creatives of this page, by id.') },
  rows: 'creatives',
  position: z.string(),
  query: (args) => {
    const statuses = [...new Set(args.status ?? DEFAULT_STATUSES)].sort();
    return {
      campaignIds: args.campaign_ids ? [...new Set(args.campaign_ids.map(idOf))].sort() : undefined,
      statuses,
      intendedStatuses: INTENDED_STATUSES.filter((s) => statuses.includes(commonStatus('network', s))),
    };
  },
  async read({ context, query, position, limit }) {
    const client = new NetworkClient(await PlatformSession.open(context, networkProtocol));
    const { campaignIds, intendedStatuses } = query;
    const page = await client.creativesPage({ campaignIds, intendedStatuses }, limit, position);
    return { items: page.creatives, next: page.nextPageToken || undefined };
  },
  row: creativeRow,
  heading: ({ account, query: { campaignIds, statuses }, rows, nextCursor }) =>
    `LinkedIn ad account ${account.account_id}: ${rows.length} creative${rows.length === 1 ? '' : 's'}` +
    `${campaignIds ? ` of campaign${campaignIds.length === 1 ? '' : 's'} ${campaignIds.join(', ')}` : ''}` +
    ` (${statuses.join(', ')})${nextCursor ? ', more with next_cursor' : ''}.`,
  columns: () => [
    ['Creative', (c) => c.name ?? '–'],
    ['Id', (c) => c.creative_id],
    ['Campaign', (c) => c.campaign_id ?? '–'],
    ['Status', statusText],
    ['Serving', (c) => (c.is_serving === null ? '–' : c.is_serving ? 'yes' : 'no')],
    ['Review', (c) => c.review_status ?? '–'],
    ['Content', (c) => c.content_reference ?? (c.headline ? `text ad: ${c.headline}` : '–')],
  ],
  after: ({ query, rows }) =>
    rows.length === 0 && query.campaignIds
      ? ['Check the campaign ids with list_network_campaigns, or widen status.']
      : [],
});
