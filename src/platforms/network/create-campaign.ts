import { AppError } from '../../errors.ts';
import { formatIssues } from '../../pipeline/validate-arguments.ts';
import type { FieldIssue, ToolContext, ToolResult } from '../../tools/tool.ts';
import { PlatformSession } from '../session.ts';
import { type AdSpec, adMedia, createAd, uploadMedia } from './ad-steps.ts';
import {
  type AdKind,
  CAMPAIGN_FORMAT,
  campaignBody,
  groupBody,
  money,
  runSchedule,
  type TargetingArgs,
  targetingCriteria,
} from './bodies.ts';
import { NetworkClient } from './client.ts';
import { prepareMedia } from './media.ts';
import { networkProtocol } from './protocol.ts';
import { NetworkRunner } from './runner.ts';
import type { NetworkCampaignGroup } from './types.ts';
import { idOf, urn } from './urns.ts';

/** The arguments every campaign-creating tool shares (campaign-arguments.ts), as parsed. */
export type CampaignArgs = TargetingArgs & {
  campaign_name: string;
  campaign_group_id?: string | undefined;
  campaign_group_name?: string | undefined;
  organization_id: string;
  daily_budget: number;
  total_budget?: number | undefined;
  currency?: string | undefined;
  landing_page_url: string;
  start_date?: string | undefined;
  end_date?: string | undefined;
  locale_country: string;
  locale_language: string;
  /** Undefined only for add_network_campaign_to_group, where it is inherited from the group. */
  objective?: string | undefined;
};

/** Group states that take no new campaigns. */
const CLOSED_GROUP_STATUSES = new Set(['ARCHIVED', 'CANCELED', 'CANCELLED', 'PENDING_DELETION', 'REMOVED']);
const DEFAULT_OBJECTIVE: Record<AdKind, string> = {
  image: 'WEBSITE_VISIT',
  video: 'VIDEO_VIEW',
  carousel: 'WEBSITE_VISIT',
  text: 'WEBSITE_VISIT',
};
const KIND_WORDS: Record<AdKind, string> = {
  image: 'single-image',
  video: 'video',
  carousel: 'carousel',
  text: 'text',
};

function invalid(tool: string, issues: FieldIssue[]): AppError {
  return new AppError('invalid_arguments', `Invalid arguments for ${tool}: ${formatIssues(issues)}.`, {
    structuredContent: { issues },
  });
}

/** LinkedIn refuses to AND job titles with seniorities or job functions. */
function targetingIssues(args: CampaignArgs): FieldIssue[] {
  if (!args.job_titles?.length) return [];
  const others = (['seniorities', 'job_functions'] as const).filter((field) => args[field]?.length);
  return others.length === 0
    ? []
    : [
        {
          field: 'job_titles',
          message: `cannot be combined with ${others.join(' or ')}: LinkedIn targets titles on their own; drop one`,
        },
      ];
}

export interface CreateCampaignOptions {
  tool: string;
  ad: AdSpec;
  /** Objectives the ad kind allows, to check one inherited from the group. */
  objectives: readonly string[];
  creativeName?: string | undefined;
}

/**
 * Creates a PAUSED LinkedIn campaign with its first ad: checks everything first (currency, the group,
 * the media), uploads media, then creates the group (unless one is reused), the campaign, the post and
 * the creative. A failure after the first create takes back what this call made. A dry run shows the
 * requests in order and creates nothing.
 */
export async function createNetworkCampaign(
  context: ToolContext,
  args: CampaignArgs,
  options: CreateCampaignOptions,
): Promise<ToolResult> {
  const { tool, ad } = options;
  const account = context.account;
  if (!account) throw new Error('a network tool needs the resolved account');
  const accountId = account.account_id;
  const issues = targetingIssues(args);
  if (args.currency && args.currency !== account.currency) {
    issues.push({
      field: 'currency',
      message: `must be the ad account's currency, ${account.currency} (got ${args.currency}): budgets are in the account currency`,
    });
  }
  if (issues.length > 0) throw invalid(tool, issues);

  const session = await PlatformSession.open(context, networkProtocol);
  const client = new NetworkClient(session);

  // The group: an existing one is read first (it must exist, be open, and its objective binds).
  let group: NetworkCampaignGroup | undefined;
  const groupId = args.campaign_group_id ? idOf(args.campaign_group_id) : undefined;
  if (groupId) {
    group = await client.getGroup(groupId);
    if (group.status && CLOSED_GROUP_STATUSES.has(group.status)) {
      throw invalid(tool, [
        {
          field: 'campaign_group_id',
          message: `is ${group.status} on LinkedIn and takes no new campaigns: pick an active or paused group, or pass campaign_group_name`,
        },
      ]);
    }
  }
  const objective = args.objective ?? group?.objectiveType ?? DEFAULT_OBJECTIVE[ad.kind];
  if (group?.objectiveType && group.objectiveType !== objective) {
    throw invalid(tool, [
      {
        field: 'objective',
        message: `is ${objective}, but campaign group ${groupId} has the objective ${group.objectiveType} and its campaigns must share it: pass objective ${group.objectiveType}, or use another group`,
      },
    ]);
  }
  if (!options.objectives.includes(objective)) {
    throw invalid(tool, [
      {
        field: 'objective',
        message: `${objective} (the group's) does not fit ${ad.kind === 'image' ? 'an' : 'a'} ${ad.kind} ad: pass one of ${options.objectives.join(', ')}, or use another group`,
      },
    ]);
  }

  const media = await prepareMedia(context, client, tool, adMedia(ad));
  const uploads = media.filter((m) => !('urn' in m)).length;
  const totalSteps = uploads * 2 + (groupId ? 0 : 1) + 1 + (ad.kind === 'text' ? 1 : 2);
  const runner = new NetworkRunner(client, context, totalSteps);
  const organizationUrn = urn.organization(idOf(args.organization_id));
  const schedule = runSchedule(context.now, args.start_date, args.end_date);
  const currency = account.currency;
  const dailyBudget = money(args.daily_budget, currency);
  const totalBudget = args.total_budget !== undefined ? money(args.total_budget, currency) : undefined;
  const { requests } = client;

  const mediaUrns = await uploadMedia(runner, organizationUrn, media);
  const newGroupId = groupId
    ? undefined
    : await runner.create(
        `create the campaign group "${args.campaign_group_name}"`,
        requests.createGroup(
          groupBody({ accountId, name: args.campaign_group_name ?? '', start: schedule.start, objective }),
        ),
        { type: 'campaign group', name: args.campaign_group_name, cleanup: (id) => requests.removeGroup(id) },
      );
  const finalGroupId = groupId ?? (newGroupId as string);
  const campaignId = await runner.create(
    `create the campaign "${args.campaign_name}" (PAUSED)`,
    requests.createCampaign(
      campaignBody({
        accountId,
        groupUrn: urn.group(finalGroupId),
        name: args.campaign_name,
        kind: ad.kind,
        objective,
        dailyBudget,
        totalBudget,
        locale: { country: args.locale_country, language: args.locale_language },
        schedule,
        targeting: targetingCriteria(args),
        organizationUrn,
        apiVersion: session.endpoints.apiVersion,
      }),
    ),
    { type: 'campaign', name: args.campaign_name, cleanup: (id) => requests.removeCampaign(id) },
  );
  const { postUrn, creativeUrn } = await createAd(runner, {
    ad,
    mediaUrns,
    campaignUrn: urn.campaign(campaignId),
    organizationUrn,
    accountId,
    landingPage: args.landing_page_url,
    name: options.creativeName,
  });

  const groupName = group?.name ?? args.campaign_group_name;
  const structured = {
    account_id: accountId,
    campaign_group: {
      id: finalGroupId,
      urn: urn.group(finalGroupId),
      ...(groupName && { name: groupName }),
      created: !groupId,
    },
    campaign: {
      id: campaignId,
      urn: urn.campaign(campaignId),
      name: args.campaign_name,
      status: 'PAUSED',
      type: ad.kind === 'text' ? 'TEXT_AD' : 'SPONSORED_UPDATES',
      format: CAMPAIGN_FORMAT[ad.kind],
      objective,
      daily_budget: dailyBudget,
      ...(totalBudget && { total_budget: totalBudget }),
    },
    creative: {
      id: creativeUrn,
      kind: ad.kind,
      intended_status: 'ACTIVE',
      ...(postUrn && { post: postUrn }),
    },
    media: media.map((m, index) => ({ field: m.field, urn: mediaUrns[index], uploaded: !('urn' in m) })),
  };
  const budget = `${dailyBudget.amount} ${currency} a day${totalBudget ? `, ${totalBudget.amount} ${currency} in total` : ''}`;
  const groupText = groupId
    ? `in the existing campaign group ${groupId}${group?.name ? ` ("${group.name}")` : ''}`
    : `in the new campaign group "${args.campaign_group_name}"`;

  if (runner.dryRun) {
    return {
      text:
        `Dry run: nothing was created and no quota was used. ${tool} would create a PAUSED ${KIND_WORDS[ad.kind]} ` +
        `campaign "${args.campaign_name}" (${objective}, ${budget}) ${groupText}, with ${runner.preview.length} ` +
        `requests to LinkedIn, listed in order in structured.preview.`,
      structured: { dry_run: true, ...structured, preview: runner.preview },
    };
  }
  const nextSteps = [
    'Review the campaign in LinkedIn Campaign Manager and activate it when ready (it spends nothing while PAUSED).',
    `Track results with associate_network_conversion (campaign_id ${campaignId}).`,
    ...(ad.kind === 'carousel'
      ? [
          `Add more carousel variations with add_network_carousel_creative (campaign_id ${campaignId}); LinkedIn recommends 4 or more.`,
        ]
      : []),
    `Reach another audience under the same group with add_network_campaign_to_group (campaign_group_id ${finalGroupId}).`,
  ];
  return {
    text:
      `Created the LinkedIn ${KIND_WORDS[ad.kind]} campaign "${args.campaign_name}" (id ${campaignId}, status PAUSED, ` +
      `${objective}, ${budget}) ${groupText}${groupId ? '' : ` (id ${finalGroupId})`}, with its first ad: creative ` +
      `${creativeUrn}${postUrn ? ` on post ${postUrn}` : ''}. Next: ${nextSteps.join(' ')}`,
    structured: { ...structured, next_steps: nextSteps },
  };
}
