import type { MutateMethod, SearchClient } from '../../platforms/search/client.ts';
import type { StepPlatform } from '../steps/platform.ts';
import { StepRunner } from '../steps/runner.ts';
import type { ToolContext } from '../tool.ts';

/** A create of one Google Ads service: its `:mutate` and operations. */
export interface SearchCreate {
  method: MutateMethod;
  operations: readonly object[];
}

/** What create_search_campaign's steps make on Google Ads. */
export type SearchObject = 'campaign budget' | 'campaign' | 'ad group' | 'keyword' | 'ad';

export type SearchSteps = StepRunner<SearchCreate, SearchObject>;

/** The service whose remove takes an object back; a removed campaign takes its ad group, keywords and ad. */
const REMOVE_WITH: Partial<Record<SearchObject, MutateMethod>> = {
  campaign: 'campaigns:mutate',
  'campaign budget': 'campaignBudgets:mutate',
};

/**
 * Google's part of the step runner, for one customer. Ids are resource names. Google checks a dry run's
 * whole create at once (googleAds:mutate, validateOnly) before the steps; a failure removes the campaign,
 * then its budget.
 */
function searchPlatform(client: SearchClient, customerId: string): StepPlatform<SearchCreate, SearchObject> {
  return {
    words: {
      platform: 'Google Ads',
      console: 'Google Ads',
      remove: 'remove',
      objects: 'budget, campaign, ad group, keyword or ad',
      ifMade: 'it is in no serving campaign',
    },
    show({ method, operations }) {
      const request = client.mutateRequest(customerId, method, operations, false, false);
      return { method: request.method, url: new URL(request.url).pathname, body: request.body };
    },
    create: ({ method, operations }) => client.create(customerId, method, operations),
    takeBack: {
      kind: 'remove',
      undo(object) {
        const service = REMOVE_WITH[object.type];
        return service && (() => client.create(customerId, service, [{ remove: object.id }]));
      },
      removedNote: (removed) =>
        removed.some((object) => object.type === 'campaign')
          ? ' (a removed campaign takes its ad group, keywords and ad with it)'
          : '',
    },
    checksWholeDryRun: true,
  };
}

/** The create steps of one call on one Google Ads customer (docs/failure-model.md). */
export function searchSteps(
  client: SearchClient,
  context: ToolContext,
  customerId: string,
  totalSteps: number,
): SearchSteps {
  return new StepRunner(searchPlatform(client, customerId), context, totalSteps);
}
