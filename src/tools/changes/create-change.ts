import { formatMicros } from '../../money.ts';
import type { AmountMeaning, Change, FieldChange } from './change.ts';

/** An amount a create sets: its argument, its meaning, the micros. */
export interface CreatedAmount {
  field: string;
  money: AmountMeaning;
  micros: number;
}

/**
 * The change a create makes: one new campaign, made PAUSED (it delivers nothing until an update starts
 * it), with its daily budget and what else it sets (a bid, a total budget). The pipeline judges them as
 * any: within the ceilings, and a daily budget ten times the account's typical one waits for the owner.
 */
export function newCampaignChange(input: {
  name: string;
  currency: string;
  dailyMicros: number;
  /** Amounts beside the daily budget: a default bid, a total budget. */
  also?: readonly CreatedAmount[];
  /** What the words call it: `search campaign`; `campaign` when absent. */
  noun?: string;
  /** The account's typical (median) active daily budget, once read. */
  typicalDailyInAccount?: number | undefined;
  /** Its id once made; a placeholder before. */
  id?: string | undefined;
}): Change {
  const { name, currency, dailyMicros, id } = input;
  const amounts = [
    { field: 'daily_budget', money: 'daily_budget' as const, micros: dailyMicros },
    ...(input.also ?? []),
  ];
  const fields: FieldChange[] = amounts.map(({ field, money, micros }) => ({
    field,
    money,
    before: null,
    after: micros,
  }));
  const daily = formatMicros(dailyMicros, currency);
  const total = amounts.find((amount) => amount.money === 'lifetime_budget');
  const label = `a new campaign "${name}"`;
  return {
    what:
      `create a PAUSED ${input.noun ?? 'campaign'} with a daily budget of ${daily} ${currency}` +
      (total ? ` and a total budget of ${formatMicros(total.micros, currency)} ${currency}` : ''),
    currency,
    object: label,
    shown: {
      before: {},
      after: { ...(id && { campaign_id: id }), name, status: 'PAUSED', daily_budget: daily },
    },
    objects: [
      {
        ref: { kind: 'campaign', id: id ?? 'new', ...(id && { campaignId: id }) },
        label,
        created: true,
        fields,
        delivery: { after: { active: false, dailyMicros } },
        budgets: { currency, dailyMicros, lifetimeMicros: total?.micros },
        typicalDailyInAccount: input.typicalDailyInAccount,
      },
    ],
  };
}

/** The typical daily budget among an account's active ones: the median, in micros; undefined without any. */
export function medianBudget(budgets: readonly number[]): number | undefined {
  const sorted = budgets.filter((micros) => micros > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}
