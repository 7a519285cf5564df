import type { ConditionSeen } from './evaluate-rule.ts';
import type { Condition } from './monitor-rule.ts';

const METRIC_WORDS: Record<ConditionSeen['metric'], string> = {
  spend: 'spend',
  impressions: 'impressions',
  clicks: 'clicks',
  conversions: 'conversions',
  ctr: 'click-through rate',
  cpc: 'cost per click',
  cost_per_conversion: 'cost per conversion',
};

const OPERATOR_WORDS: Record<ConditionSeen['operator'], string> = {
  '>': 'above',
  '>=': 'at or above',
  '<': 'below',
  '<=': 'at or below',
};

/** A figure as a person reads it: a rate in percent, money and averages to two decimals, counts whole. */
function figure(metric: ConditionSeen['metric'], value: number): string {
  if (metric === 'ctr') return `${(value * 100).toFixed(2)}%`;
  if (metric === 'impressions' || metric === 'clicks') return String(Math.round(value));
  return value.toFixed(2);
}

/**
 * A condition as one check saw it, in words: `cost per click 7.03 (fires above 2.27)` rather than
 * `cpc 7.03 > 2.2659`, for the owner's notifications and the agent's answers alike.
 */
export function conditionWords(seen: ConditionSeen): string {
  const metric = METRIC_WORDS[seen.metric];
  const value = typeof seen.value === 'number' ? figure(seen.metric, seen.value) : (seen.value ?? 'no data');
  const against = seen.against === null ? 'nothing to compare with' : figure(seen.metric, seen.against);
  return `${metric} ${value} (fires ${OPERATOR_WORDS[seen.operator]} ${against})`;
}

/** A rule's condition in words: `spend above 3 × the 7 days before`, `cost per click above 2.50`. */
export function conditionRuleWords(condition: Condition): string {
  const metric = METRIC_WORDS[condition.metric];
  const operator = OPERATOR_WORDS[condition.operator];
  const against = condition.relative_to
    ? `${condition.relative_to.factor} × the ${condition.relative_to.trailing_days} days before`
    : figure(condition.metric, condition.threshold ?? 0);
  return `${metric} ${operator} ${against}`;
}
