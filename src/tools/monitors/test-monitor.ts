import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Platform } from '../../platform-families.ts';
import { PLATFORMS } from '../../platform-families.ts';
import { findAdAccount } from '../../storage/accounts.ts';
import { PERFORMANCE_READERS } from '../account/get-performance-overview.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { todayIn } from '../reads/period.ts';
import { defineTool } from '../tool.ts';
import { accountReports } from './account-reports.ts';
import { conditionWords } from './condition-words.ts';
import { type CampaignVerdict, campaignVerdictSchema, daysSchema, evaluateRule } from './evaluate-rule.ts';
import { MONITOR_ACCOUNT, monitorAccountFields } from './monitor-account.ts';
import { monitorId, ownMonitor, ruleOfMonitor } from './monitor-object.ts';
import {
  ACTION_VALUE_SCHEMA,
  ACTIONS,
  type MonitorRule,
  ruleFields,
  ruleIssues,
  ruleOf,
} from './monitor-rule.ts';

const TOOL = 'test_monitor';

/** `“Runaway: spark ads” (1800000000000007): cost per click 7.03 (fires above 2.27)`. */
function firingWords(campaign: CampaignVerdict): string {
  const seen = campaign.conditions.filter((condition) => condition.matched).map(conditionWords);
  const name = campaign.campaign_name === null ? '' : `“${campaign.campaign_name}” `;
  return `${name}(${campaign.campaign_id}): ${seen.join(', ')}`;
}

/** The rules the service checks, as the documents show them: a monitor_id alone, or a whole draft. */
const DRAFT_SCHEMA = {
  anyOf: [
    {
      required: ['monitor_id'],
      not: {
        anyOf: ['platform', 'account_id', 'conditions', 'action', 'action_value'].map((f) => ({
          required: [f],
        })),
      },
    },
    {
      required: ['platform', 'conditions', 'action'],
      not: { required: ['monitor_id'] },
      ...ACTION_VALUE_SCHEMA,
    },
  ],
};

export const testMonitor = defineTool({
  name: TOOL,
  description:
    'Evaluates a monitor or a draft rule now: which campaigns would fire, and why. Acts on nothing. Billable: one quota unit.',
  guidance:
    'Evaluates a monitor (monitor_id) or a draft (the create_monitor arguments) now, on current data: ' +
    "which campaigns would fire, with each condition's value and what it was compared with. Acts on " +
    'nothing. Billable: one quota unit.',
  platform: null,
  platformArguments: MONITOR_ACCOUNT,
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      monitor_id: monitorId.optional().describe('A monitor to test; or give a draft instead.'),
      ...monitorAccountFields,
      platform: monitorAccountFields.platform.optional().describe("The draft's platform."),
      ...ruleFields,
      name: ruleFields.name.optional().describe("The draft's name (optional)."),
      conditions: ruleFields.conditions.optional().describe("The draft's conditions."),
      action: ruleFields.action.optional().describe("The draft's action."),
    })
    .meta(DRAFT_SCHEMA),
  output: z.object({
    account_id: z.string().describe('The account evaluated.'),
    platform: z.enum(PLATFORMS).describe('Its platform.'),
    period: daysSchema,
    action: z.enum(ACTIONS).describe('What the monitor would do on each campaign it matches.'),
    would_fire: z.array(z.string()).describe('The campaigns it matches now.'),
    campaigns: z.array(campaignVerdictSchema).describe('Each campaign evaluated, with its values.'),
    not_found: z.array(z.string()).describe('Campaign ids of the rule the account does not know.'),
  }),
  example: {
    platform: 'video',
    conditions: [{ metric: 'cpc', operator: '>', relative_to: { trailing_days: 7, factor: 2 } }],
    action: 'pause_campaign',
  },
  rules: (args) => {
    if (args.monitor_id !== undefined) {
      return args.platform === undefined && args.conditions === undefined && args.action === undefined
        ? []
        : [
            {
              field: 'monitor_id',
              message: 'give monitor_id alone, or a draft (platform, conditions, action) without it',
            },
          ];
    }
    const missing = (['platform', 'conditions', 'action'] as const)
      .filter((field) => args[field] === undefined)
      .map((field) => ({ field, message: 'is required for a draft (or give monitor_id)' }));
    return [...missing, ...ruleIssues(args)];
  },
  auditFields: ['monitor_id', 'platform'],
  async run(args, context) {
    const { services, caller, now } = context;
    const db = services.storage.db;
    let rule: MonitorRule;
    let account = context.account;
    if (args.monitor_id) {
      const monitor = await ownMonitor(db, caller, args.monitor_id);
      rule = ruleOfMonitor(monitor);
      account = (await findAdAccount(db, caller.userId, monitor.platform, monitor.account_id)) ?? null;
      if (!account) {
        throw new AppError(
          'account_not_connected',
          `Monitor ${monitor.id} watches ${monitor.platform} account ${monitor.account_id}, which is no longer connected.`,
        );
      }
    } else {
      const { platform, conditions, action } = args;
      if (!account || !platform || !conditions || !action) throw invalidArguments(TOOL, []);
      rule = ruleOf({ ...args, name: args.name ?? 'draft', conditions, action });
    }
    const reports = accountReports(PERFORMANCE_READERS[account.platform as Platform], {
      ...context,
      account,
    });
    const evaluation = await evaluateRule(rule, todayIn(account.time_zone, now), reports);
    const firing = evaluation.campaigns.filter((c) => c.matched);
    const period = `${evaluation.period.start} to ${evaluation.period.end}`;
    const streak =
      rule.consecutive_checks > 1
        ? ` It fires only after ${rule.consecutive_checks} matching checks in a row.`
        : '';
    return {
      text:
        firing.length === 0
          ? `Nothing would fire now (${evaluation.campaigns.length} campaign(s) evaluated, ${period}).${streak}`
          : `Would fire (${rule.action}) on ${firing.length} of ${evaluation.campaigns.length} campaign(s), ${period}: ` +
            `${firing.map(firingWords).join('; ')}. Nothing was done.${streak}`,
      structured: {
        account_id: account.account_id,
        platform: account.platform,
        period: evaluation.period,
        action: rule.action,
        would_fire: firing.map((c) => c.campaign_id),
        campaigns: evaluation.campaigns,
        not_found: evaluation.not_found,
      },
    };
  },
});
