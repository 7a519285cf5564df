import type { ToolContext } from '../tool.ts';
import type { Change } from './change.ts';
import { medianBudget } from './create-change.ts';

/**
 * A create is judged twice (docs/approvals.md): first on what the caller asked (scope, ceilings), before
 * anything reaches the platform; then with the account's typical daily budget, the median of its active
 * ones, which only the platform knows: a new budget ten times that waits for the owner.
 * Returns what `open` opened on the platform, for the create's steps.
 */
export async function authorizeCreate<Opened>(
  context: ToolContext,
  changeOf: (typicalDailyMicros: number | undefined) => Change,
  platform: {
    open: () => Promise<Opened>;
    /** The daily budgets of the account's active campaigns (or ad groups), in micros. */
    activeDailyBudgets: (opened: Opened) => Promise<number[]>;
  },
): Promise<Opened> {
  await context.authorizeChange(changeOf(undefined));
  const opened = await platform.open();
  const budgets = await context.recovery.once('active daily budgets', () =>
    platform.activeDailyBudgets(opened),
  );
  await context.authorizeChange(changeOf(medianBudget(budgets)));
  return opened;
}
