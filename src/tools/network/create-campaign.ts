import { z } from 'zod';
import { decimalToMicros, formatMicros } from '../../money.ts';
import type { NetworkCampaignGroup } from '../../platforms/network/answers.ts';
import {
  type AdKind,
  CAMPAIGN_FORMAT,
  campaignBody,
  groupBody,
  money,
  runSchedule,
  type TargetingArgs,
  targetingCriteria,
} from '../../platforms/network/bodies.ts';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import type { Money, RunSchedule } from '../../platforms/network/types.ts';
import { idOf, urn } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import type { AdAccount } from '../../storage/schema.ts';
import { authorizeCreate } from '../changes/authorize-create.ts';
import type { Change } from '../changes/change.ts';
import { newCampaignChange } from '../changes/create-change.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { STATUS_FIELDS, statusFields } from '../status-vocabulary.ts';
import type { FieldIssue, ToolContext, ToolResult } from '../tool.ts';
import { type AdSpec, adMedia } from './ad-spec.ts';
import { createAd, uploadMedia } from './ad-steps.ts';
import { prepareMedia, type ReadyMedia } from './media.ts';
import { type NetworkSteps, networkSteps, sendWith } from './step-platform.ts';

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

export interface CreateCampaignOptions {
  tool: string;
  ad: AdSpec;
  /** Objectives the ad kind allows, to check one inherited from the group. */
  objectives: readonly string[];
  creativeName?: string | undefined;
}

/** The media of a new ad, as the create answers show them. */
export const MEDIA_OUTPUT = z
  .array(
    z.object({
      field: z.string().describe('The argument the media came from.'),
      urn: z.string().describe('Its urn:li:image or urn:li:video (a placeholder on a dry run).'),
      uploaded: z.boolean().describe('Whether this call uploaded it.'),
    }),
  )
  .describe('The media of the ad.');

/** The `structured` answer of every campaign-creating tool. */
export const CREATE_OUTPUT = z.object({
  dry_run: z.boolean().describe('Whether nothing was created (dry run).'),
  account_id: z.string().describe('The LinkedIn ad account.'),
  campaign_group: z
    .object({
      id: z.string().describe('The digits of the group (a placeholder on a dry run).'),
      urn: z.string().describe('urn:li:sponsoredCampaignGroup:<id>.'),
      name: z.string().optional().describe('Its name.'),
      created: z.boolean().describe('Whether this call created it.'),
    })
    .describe('The campaign group.'),
  campaign: z
    .object({
      id: z.string().describe('The digits of the campaign (a placeholder on a dry run).'),
      urn: z.string().describe('urn:li:sponsoredCampaign:<id>.'),
      name: z.string().describe('Its name.'),
      ...STATUS_FIELDS,
      type: z.string().describe('SPONSORED_UPDATES or TEXT_AD.'),
      format: z.string().describe('SINGLE_IMAGE, VIDEO, CAROUSEL or TEXT_AD.'),
      objective: z.string().describe("LinkedIn's objectiveType."),
      daily_budget: z.string().describe('Daily budget in the account currency.'),
      total_budget: z.string().optional().describe('Total budget in the account currency, when set.'),
      currency: z.string().describe('The account currency.'),
    })
    .describe('The new campaign, created PAUSED.'),
  creative: z
    .object({
      id: z.string().describe('Its urn:li:sponsoredCreative (a placeholder on a dry run).'),
      kind: z.enum(['image', 'video', 'carousel', 'text']).describe('The ad type.'),
      intended_status: z.string().describe('ACTIVE: it serves once the campaign is active.'),
      post: z.string().optional().describe('The dark post it sponsors; text ads have none.'),
    })
    .describe('The first ad.'),
  media: MEDIA_OUTPUT,
  preview: PREVIEW_OUTPUT,
  impact: dryRunImpact,
  next_steps: z.array(z.string()).optional().describe('What to do next, once created.'),
});

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

/** Where the campaign goes: the existing group it was asked into, or a new one by name. */
type GroupChoice =
  | { existing: true; id: string; group: NetworkCampaignGroup }
  | { existing: false; name: string };

/** Everything the create steps send, settled before the first of them. */
interface CampaignPlan {
  tool: string;
  args: CampaignArgs;
  ad: AdSpec;
  accountId: string;
  currency: string;
  group: GroupChoice;
  objective: string;
  organizationUrn: string;
  schedule: RunSchedule;
  dailyBudget: Money;
  totalBudget: Money | undefined;
  media: ReadyMedia[];
}

/** What the steps made: the group (new or reused), the campaign, the ad and the media URNs. */
interface Made {
  groupId: string;
  campaignId: string;
  postUrn?: string | undefined;
  creativeUrn: string;
  mediaUrns: string[];
}

/**
 * Creates a PAUSED LinkedIn campaign with its first ad: checks everything first (arguments, the group,
 * the media), uploads media, then creates the group (unless one is reused) PAUSED, the campaign, the post
 * and the creative, and activates a new group last. Each create is a recovery point of the call; a
 * failure after the first create takes back what this call made. A dry run shows the requests in order
 * and creates nothing.
 */
export async function createNetworkCampaign(
  context: ToolContext,
  args: CampaignArgs,
  options: CreateCampaignOptions,
): Promise<ToolResult> {
  const account = context.account;
  if (!account) throw new Error('a network tool needs the resolved account');
  checkCampaignArguments(options.tool, account, args);
  const session = await authorizeCreate(context, (typical) => createOf(account.currency, args, typical), {
    open: () => PlatformSession.open(context, networkProtocol),
    activeDailyBudgets: (opened) => activeDailyBudgets(new NetworkClient(opened)),
  });
  const client = new NetworkClient(session);
  const plan = await planCampaign(context, client, account, args, options);
  const runner = networkSteps(client, context, stepCount(plan));

  const mediaUrns = await uploadMedia(runner, client, plan.organizationUrn, plan.media);
  const groupId = plan.group.existing ? plan.group.id : await createGroup(runner, client, plan);
  const campaignId = await createCampaign(runner, client, plan, groupId, session.endpoints.apiVersion);
  const { postUrn, creativeUrn } = await createAd(runner, client, {
    ad: plan.ad,
    mediaUrns,
    campaignId,
    organizationUrn: plan.organizationUrn,
    accountId: plan.accountId,
    landingPage: args.landing_page_url,
    name: options.creativeName,
  });
  if (!plan.group.existing) await activateGroup(runner, client, groupId);
  return campaignResult(plan, runner, { groupId, campaignId, postUrn, creativeUrn, mediaUrns });
}

/**
 * The create as the pipeline judges it, in a dry run too: the daily budget against a key's ceiling, and a
 * total budget, which a key with ceilings does not set; once known, the account's typical daily budget.
 * A create starts no spend: the campaign is made PAUSED, and the new group that goes ACTIVE at the end
 * holds only that paused campaign, so nothing delivers until a campaign is activated (a spend change of
 * update_network_campaign).
 */
function createOf(currency: string, args: CampaignArgs, typical?: number, id?: string): Change {
  const total = args.total_budget === undefined ? undefined : money(args.total_budget, currency);
  return newCampaignChange({
    name: args.campaign_name,
    currency,
    dailyMicros: decimalToMicros(money(args.daily_budget, currency).amount),
    also: total
      ? [{ field: 'total_budget', money: 'lifetime_budget', micros: decimalToMicros(total.amount) }]
      : [],
    typicalDailyInAccount: typical,
    id,
  });
}

/** The daily budgets of the account's active campaigns, in micros: what its typical budget is read from. */
async function activeDailyBudgets(client: NetworkClient): Promise<number[]> {
  const campaigns = await client.campaigns();
  return campaigns.flatMap((c) =>
    c.status === 'ACTIVE' && c.dailyBudget ? [decimalToMicros(c.dailyBudget.amount)] : [],
  );
}

/** The rules only the account can settle: LinkedIn's targeting combinations and the account currency. */
function checkCampaignArguments(tool: string, account: AdAccount, args: CampaignArgs): void {
  const issues = targetingIssues(args);
  if (args.currency && args.currency !== account.currency) {
    issues.push({
      field: 'currency',
      message: `must be the ad account's currency, ${account.currency} (got ${args.currency}): budgets are in the account currency`,
    });
  }
  if (issues.length > 0) throw invalidArguments(tool, issues);
  amountInCurrency(tool, 'daily_budget', args.daily_budget, account.currency);
  if (args.total_budget !== undefined) {
    amountInCurrency(tool, 'total_budget', args.total_budget, account.currency);
  }
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

/**
 * Reads what the create depends on before anything is made: the existing group (it must be open, and its
 * objective binds the campaign's) and the media (checked, downloaded), and settles the bodies' values.
 */
async function planCampaign(
  context: ToolContext,
  client: NetworkClient,
  account: AdAccount,
  args: CampaignArgs,
  options: CreateCampaignOptions,
): Promise<CampaignPlan> {
  const { tool, ad } = options;
  const group = await chooseGroup(client, tool, args);
  const objective = campaignObjective(tool, args, group, options);
  const media = await prepareMedia(context, client, tool, adMedia(ad));
  const currency = account.currency;
  return {
    tool,
    args,
    ad,
    accountId: account.account_id,
    currency,
    group,
    objective,
    organizationUrn: urn.organization(idOf(args.organization_id)),
    schedule: runSchedule(context.now, args.start_date, args.end_date),
    dailyBudget: money(args.daily_budget, currency),
    totalBudget: args.total_budget !== undefined ? money(args.total_budget, currency) : undefined,
    media,
  };
}

/** An existing group is read first: it must exist in the account and still take campaigns. */
async function chooseGroup(client: NetworkClient, tool: string, args: CampaignArgs): Promise<GroupChoice> {
  if (!args.campaign_group_id) return { existing: false, name: args.campaign_group_name ?? '' };
  const id = idOf(args.campaign_group_id);
  const group = await client.getGroup(id);
  if (group.status && CLOSED_GROUP_STATUSES.has(group.status)) {
    throw invalidArguments(tool, [
      {
        field: 'campaign_group_id',
        message: `is ${group.status} on LinkedIn and takes no new campaigns: pick an active or paused group, or pass campaign_group_name`,
      },
    ]);
  }
  return { existing: true, id, group };
}

/** The objective asked for, else the group's, else the ad kind's default; a group's binds its campaigns. */
function campaignObjective(
  tool: string,
  args: CampaignArgs,
  choice: GroupChoice,
  options: CreateCampaignOptions,
): string {
  const group = choice.existing ? choice.group : undefined;
  const objective = args.objective ?? group?.objectiveType ?? DEFAULT_OBJECTIVE[options.ad.kind];
  if (choice.existing && group?.objectiveType && group.objectiveType !== objective) {
    throw invalidArguments(tool, [
      {
        field: 'objective',
        message: `is ${objective}, but campaign group ${choice.id} has the objective ${group.objectiveType} and its campaigns must share it: pass objective ${group.objectiveType}, or use another group`,
      },
    ]);
  }
  if (!options.objectives.includes(objective)) {
    const kind = options.ad.kind;
    throw invalidArguments(tool, [
      {
        field: 'objective',
        message: `${objective} (the group's) does not fit ${kind === 'image' ? 'an' : 'a'} ${kind} ad: pass one of ${options.objectives.join(', ')}, or use another group`,
      },
    ]);
  }
  return objective;
}

/** The requests the call sends, for its progress: two per upload, the group's two, the campaign, the ad's. */
function stepCount(plan: CampaignPlan): number {
  const uploads = plan.media.filter((m) => !('urn' in m)).length;
  return uploads * 2 + (plan.group.existing ? 0 : 2) + 1 + (plan.ad.kind === 'text' ? 1 : 2);
}

/** Step "campaign group": the new group, PAUSED until its campaign and ad exist. */
function createGroup(runner: NetworkSteps, client: NetworkClient, plan: CampaignPlan): Promise<string> {
  const name = plan.group.existing ? '' : plan.group.name;
  const { requests } = client;
  return runner.create(
    `create the campaign group "${name}" (PAUSED until its campaign and ad exist)`,
    requests.createGroup(
      groupBody({ accountId: plan.accountId, name, start: plan.schedule.start, objective: plan.objective }),
    ),
    {
      type: 'campaign group',
      name,
      step: 'campaign group',
      find: (since) => client.groupsMadeSince(name, since),
    },
  );
}

/** Step "campaign": the PAUSED campaign in the group. */
function createCampaign(
  runner: NetworkSteps,
  client: NetworkClient,
  plan: CampaignPlan,
  groupId: string,
  apiVersion: string,
): Promise<string> {
  const { args } = plan;
  const { requests } = client;
  const groupUrn = urn.group(groupId);
  return runner.create(
    `create the campaign "${args.campaign_name}" (PAUSED)`,
    requests.createCampaign(
      campaignBody({
        accountId: plan.accountId,
        groupUrn,
        name: args.campaign_name,
        kind: plan.ad.kind,
        objective: plan.objective,
        dailyBudget: plan.dailyBudget,
        totalBudget: plan.totalBudget,
        locale: { country: args.locale_country, language: args.locale_language },
        schedule: plan.schedule,
        targeting: targetingCriteria(args),
        organizationUrn: plan.organizationUrn,
        apiVersion,
      }),
    ),
    {
      type: 'campaign',
      name: args.campaign_name,
      step: 'campaign',
      find: (since) => client.campaignsMadeSince(groupUrn, args.campaign_name, since),
    },
  );
}

/** The last step: a new group goes ACTIVE once its campaign and ad exist (the campaign stays PAUSED). */
async function activateGroup(runner: NetworkSteps, client: NetworkClient, groupId: string): Promise<void> {
  await runner.send('activate the campaign group', client.requests.activateGroup(groupId), sendWith(client));
}

/** The answer: what was made (or, in a dry run, would be) and what to do next. */
function campaignResult(plan: CampaignPlan, runner: NetworkSteps, made: Made): ToolResult {
  const { tool, ad, args, objective, dailyBudget, totalBudget, currency } = plan;
  const { groupId, campaignId, postUrn, creativeUrn, mediaUrns } = made;
  const existing = plan.group.existing ? plan.group : undefined;
  const groupName = existing?.group.name ?? args.campaign_group_name;
  const structured = {
    dry_run: runner.dryRun,
    account_id: plan.accountId,
    campaign_group: {
      id: groupId,
      urn: urn.group(groupId),
      ...(groupName && { name: groupName }),
      created: !existing,
    },
    campaign: {
      id: campaignId,
      urn: urn.campaign(campaignId),
      name: args.campaign_name,
      ...statusFields('network', 'PAUSED'),
      type: ad.kind === 'text' ? 'TEXT_AD' : 'SPONSORED_UPDATES',
      format: CAMPAIGN_FORMAT[ad.kind],
      objective,
      daily_budget: formatMicros(decimalToMicros(dailyBudget.amount), currency),
      ...(totalBudget && { total_budget: formatMicros(decimalToMicros(totalBudget.amount), currency) }),
      currency,
    },
    creative: {
      id: creativeUrn,
      kind: ad.kind,
      intended_status: 'ACTIVE',
      ...(postUrn && { post: postUrn }),
    },
    media: plan.media.map((m, index) => ({
      field: m.field,
      urn: mediaUrns[index],
      uploaded: !('urn' in m),
    })),
  };
  const budget = `${dailyBudget.amount} ${currency} a day${totalBudget ? `, ${totalBudget.amount} ${currency} in total` : ''}`;
  const groupText = existing
    ? `in the existing campaign group ${groupId}${existing.group.name ? ` ("${existing.group.name}")` : ''}`
    : `in the new campaign group "${args.campaign_group_name}"`;

  if (runner.dryRun) {
    return {
      text:
        `Dry run: nothing was created. ${tool} would create a PAUSED ${KIND_WORDS[ad.kind]} ` +
        `campaign "${args.campaign_name}" (${objective}, ${budget}) ${groupText}, with ${runner.preview.length} ` +
        `requests to LinkedIn, listed in order in structured.preview.`,
      structured: { ...structured, preview: runner.preview },
    };
  }
  runner.context.noteChange(createOf(currency, args, undefined, campaignId));
  const nextSteps = [
    'Review the campaign in LinkedIn Campaign Manager and activate it when ready (it spends nothing while PAUSED).',
    `Track results with associate_network_conversion (campaign_id ${campaignId}).`,
    ...(ad.kind === 'carousel'
      ? [
          `Add more carousel variations with add_network_carousel_creative (campaign_id ${campaignId}); LinkedIn recommends 4 or more.`,
        ]
      : []),
    `Reach another audience under the same group with add_network_campaign_to_group (campaign_group_id ${groupId}).`,
  ];
  return {
    text:
      `Created the LinkedIn ${KIND_WORDS[ad.kind]} campaign "${args.campaign_name}" (id ${campaignId}, status PAUSED, ` +
      `${objective}, ${budget}) ${groupText}${existing ? '' : ` (id ${groupId})`}, with its first ad: creative ` +
      `${creativeUrn}${postUrn ? ` on post ${postUrn}` : ''}. Next: ${nextSteps.join(' ')}`,
    structured: { ...structured, next_steps: nextSteps },
  };
}
