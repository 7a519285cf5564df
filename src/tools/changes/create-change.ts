import type { AmountMeaning, Change, DeliveryBudgets, FieldChange, ObjectKind } from './change.ts';

/** An amount a create sets: its argument, its meaning, the micros. */
export interface CreatedAmount {
  field: string;
  money: AmountMeaning;
  micros: number;
}

/**
 * The change a create makes: one new object, made paused (it delivers nothing until an update starts it),
 * with the amounts it sets. The pipeline judges them as any: within the ceilings, and a daily budget ten
 * times the account's typical one waits for the owner.
 */
export function createChange(input: {
  kind: ObjectKind;
  /** In words: `create a PAUSED search campaign with a daily budget of 20.00 USD`. */
  what: string;
  /** The new object, in the change and its approval: `a new campaign "Spring"`. */
  label: string;
  currency: string;
  amounts: readonly CreatedAmount[];
  /** Where its spend is bounded once started: its daily budget, or its ad groups'. */
  budgets: DeliveryBudgets;
  /** The account's typical (median) active daily budget, once read. */
  typicalDailyInAccount?: number | undefined;
  /** What the answer shows of it: an approval keeps it. */
  shown: Record<string, unknown>;
  /** Its id once made; a placeholder before. */
  id?: string | undefined;
}): Change {
  const fields: FieldChange[] = input.amounts.map(({ field, money, micros }) => ({
    field,
    money,
    before: null,
    after: micros,
  }));
  const daily = input.amounts.find((amount) => amount.money === 'daily_budget');
  return {
    what: input.what,
    currency: input.currency,
    object: input.label,
    shown: { before: {}, after: input.shown },
    objects: [
      {
        ref: { kind: input.kind, id: input.id ?? 'new', ...(input.id && { campaignId: input.id }) },
        label: input.label,
        created: true,
        fields,
        delivery: { after: { active: false, dailyMicros: daily?.micros } },
        budgets: input.budgets,
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
