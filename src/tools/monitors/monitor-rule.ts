import { z } from 'zod';
import { PLATFORMS } from '../../platform-families.ts';
import { orIdNumber, text } from '../arguments.ts';
import type { FieldIssue } from '../tool.ts';

export const METRICS = [
  'spend',
  'impressions',
  'clicks',
  'conversions',
  'ctr',
  'cpc',
  'cost_per_conversion',
] as const;
export type Metric = (typeof METRICS)[number];

export const OPERATORS = ['>', '>=', '<', '<='] as const;
export type Operator = (typeof OPERATORS)[number];

export const WINDOWS = ['today', 'yesterday', 'last_3_days', 'last_7_days'] as const;
export type Window = (typeof WINDOWS)[number];

export const ACTIONS = ['notify', 'pause_campaign', 'lower_budget_percent'] as const;
export type Action = (typeof ACTIONS)[number];

export const MAX_CONDITIONS = 5;
const MATCHES = ['all', 'any'] as const;
export const MATCH_TEXT = 'all: every condition must hold; any: one is enough.';
export const MAX_MONITOR_CAMPAIGNS = 100;

/** One comparison per condition, as the documents show it. */
const ONE_COMPARISON = { oneOf: [{ required: ['threshold'] }, { required: ['relative_to'] }] };

/** action_value with lower_budget_percent only, and always with it, as the documents show it. */
export const ACTION_VALUE_SCHEMA = {
  anyOf: [
    { properties: { action: { const: 'lower_budget_percent' } }, required: ['action_value'] },
    { properties: { action: { enum: ['notify', 'pause_campaign'] } }, not: { required: ['action_value'] } },
  ],
};

export const condition = z
  .strictObject({
    metric: z.enum(METRICS).describe('Read over the window.'),
    operator: z.enum(OPERATORS).describe('metric operator threshold.'),
    threshold: z
      .number()
      .min(0)
      .max(1e12)
      .optional()
      .describe('Money in the account currency; ctr a fraction (0.02 is 2%).'),
    relative_to: z
      .strictObject({
        trailing_days: z.int().min(1).max(30).describe('Days before the window.'),
        factor: z.number().gt(0).max(1000).describe('Times their value (counts per day).'),
      })
      .optional()
      .describe('Instead of threshold: factor × the metric over trailing_days.'),
  })
  .meta(ONE_COMPARISON);
export type Condition = z.output<typeof condition>;

/** The rule's fields, as create_monitor, update_monitor and a test_monitor draft take them. */
export const ruleFields = {
  name: text(100).describe('What the monitor watches, for the owner.'),
  campaign_ids: z
    .array(orIdNumber(z.string().regex(/^\d{1,19}$/, 'must be digits, like 1234567890')))
    .min(1)
    .max(MAX_MONITOR_CAMPAIGNS)
    .optional()
    .describe('Only these campaigns (default all).'),
  conditions: z
    .array(condition)
    .min(1)
    .max(MAX_CONDITIONS)
    .describe('metric, operator, and threshold or relative_to.'),
  match: z.enum(MATCHES).default('all').describe(MATCH_TEXT),
  window: z.enum(WINDOWS).default('today').describe('Days read, in the account time zone.'),
  consecutive_checks: z
    .int()
    .min(1)
    .max(14)
    .default(1)
    .describe('Checks in a row that must match before it fires.'),
  check_every_minutes: z.int().min(1).max(1440).default(15).describe('How often it is checked.'),
  action: z
    .enum(ACTIONS)
    .describe('pause_campaign, lower_budget_percent (by action_value %) or notify only.'),
  action_value: z.int().min(1).max(90).optional().describe('The percent for lower_budget_percent.'),
};

/** The platform and account a monitor watches: the account argument is the platform's usual one. */
export const platformField = z.enum(PLATFORMS).describe('search, network, social or video.');

export interface MonitorRule {
  name: string;
  campaign_ids: string[] | null;
  conditions: Condition[];
  match: 'all' | 'any';
  window: Window;
  consecutive_checks: number;
  check_every_minutes: number;
  action: Action;
  action_value: number | null;
}

export interface RuleInput {
  name?: string | undefined;
  campaign_ids?: string[] | undefined;
  conditions?: Condition[] | undefined;
  match?: 'all' | 'any' | undefined;
  window?: Window | undefined;
  consecutive_checks?: number | undefined;
  check_every_minutes?: number | undefined;
  action?: Action | undefined;
  action_value?: number | undefined;
}

/** What the schema cannot say briefly: each condition has one comparison, and the action its value. */
export function ruleIssues(rule: RuleInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [index, each] of (rule.conditions ?? []).entries()) {
    const field = `conditions[${index}]`;
    if ((each.threshold === undefined) === (each.relative_to === undefined)) {
      issues.push({ field, message: 'give either threshold or relative_to, exactly one' });
    }
  }
  if (rule.action === 'lower_budget_percent' && rule.action_value === undefined) {
    issues.push({
      field: 'action_value',
      message: 'is required with lower_budget_percent: the percent, 1 to 90',
    });
  }
  if (
    rule.action !== undefined &&
    rule.action !== 'lower_budget_percent' &&
    rule.action_value !== undefined
  ) {
    issues.push({
      field: 'action_value',
      message: `is only taken with lower_budget_percent, not ${rule.action}`,
    });
  }
  if (rule.campaign_ids && new Set(rule.campaign_ids).size !== rule.campaign_ids.length) {
    issues.push({ field: 'campaign_ids', message: 'must not repeat an id' });
  }
  return issues;
}

/** The stored rule of validated arguments (defaults applied by the schema). */
export function ruleOf(
  args: Required<Pick<RuleInput, 'name' | 'conditions' | 'action'>> & RuleInput,
): MonitorRule {
  return {
    name: args.name,
    campaign_ids: args.campaign_ids ?? null,
    conditions: args.conditions,
    match: args.match ?? 'all',
    window: args.window ?? 'today',
    consecutive_checks: args.consecutive_checks ?? 1,
    check_every_minutes: args.check_every_minutes ?? 15,
    action: args.action,
    action_value: args.action_value ?? null,
  };
}
