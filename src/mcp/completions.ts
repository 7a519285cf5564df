import type { CompleteResult, Server } from '@modelcontextprotocol/server';
import type { Caller } from '../caller.ts';
import type { Services } from '../context.ts';
import { PLATFORMS, type Platform } from '../platform-families.ts';
import { campaignsWithMoneyChanges } from '../storage/money-changes.ts';
import { callerAccounts } from '../tools/caller-accounts.ts';
import { DATE_RANGES } from '../tools/reads/period.ts';

/** The protocol's cap on the values of one completion. */
const MAX_VALUES = 100;

const startsWith = (value: string) => (candidate: string) =>
  candidate.toLowerCase().startsWith(value.toLowerCase());

function asPlatform(value: string | undefined): Platform | undefined {
  return PLATFORMS.find((platform) => platform === value);
}

/**
 * The values an argument of a prompt or of the report template may take, from what adops knows without
 * asking a platform (asking would cost the owner a quota unit a keystroke): the platforms, the caller's
 * connected accounts (by id or name), the campaigns of those accounts its writes have moved money on, and
 * the periods. A campaign never changed through adops is found with list_<platform>_campaigns.
 */
async function completionValues(
  services: Services,
  caller: Caller,
  argument: { name: string; value: string },
  context: Record<string, string>,
): Promise<string[]> {
  const { db } = services.storage;
  const platform = asPlatform(context.platform);
  switch (argument.name) {
    case 'platform':
      return PLATFORMS.filter(startsWith(argument.value));
    case 'date_range':
      return DATE_RANGES.filter(startsWith(argument.value));
    case 'account_id': {
      const accounts = await callerAccounts(db, caller, platform);
      return accounts
        .filter(
          (account) =>
            startsWith(argument.value)(account.account_id) || startsWith(argument.value)(account.name),
        )
        .map((account) => account.account_id);
    }
    case 'campaign_id': {
      const accounts = (await callerAccounts(db, caller, platform)).filter(
        (account) => !context.account_id || account.account_id === context.account_id,
      );
      return campaignsWithMoneyChanges(db, caller.userId, accounts, argument.value, MAX_VALUES);
    }
    default:
      return [];
  }
}

export function serveCompletions(server: Server, services: Services, caller: () => Promise<Caller>): void {
  server.setRequestHandler('completion/complete', async ({ params }): Promise<CompleteResult> => {
    // The report template names its variables as the prompts name their arguments.
    const context = { ...params.context?.arguments };
    const values = await completionValues(services, await caller(), params.argument, context);
    return {
      completion: {
        values: values.slice(0, MAX_VALUES),
        total: values.length,
        hasMore: values.length > MAX_VALUES,
      },
    };
  });
}
