import {
  type AdGroupCreate,
  type BudgetCreate,
  type CampaignCreate,
  type CreateScope,
  checkAdGroupAdCreate,
  checkAdGroupCreate,
  checkBudgetCreate,
  checkCampaignCreate,
  checkKeywordCreate,
  type KeywordCreate,
  storeMade,
} from './creates.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { adsError, type FieldPath, failureAnswer } from './google-errors.ts';
import type { AdGroupAdCreateRead, MutateOperationRead, MutateRequestRead } from './messages.ts';
import { MUTATE_GOOGLE_ADS_REQUEST } from './messages.ts';
import type { GoogleAdsError } from './wire-types.ts';

type Check = (scope: CreateScope, create: never, at: FieldPath) => ReturnType<typeof checkBudgetCreate>;

/** The operations the sandbox runs here, each with its create check and its result's name in the answer. */
const SERVED: Record<string, { check: Check; result: string }> = {
  campaignBudgetOperation: {
    check: (scope, create, at) => checkBudgetCreate(scope, create as BudgetCreate, at),
    result: 'campaignBudgetResult',
  },
  campaignOperation: {
    check: (scope, create, at) => checkCampaignCreate(scope, create as CampaignCreate, at),
    result: 'campaignResult',
  },
  adGroupOperation: {
    check: (scope, create, at) => checkAdGroupCreate(scope, create as AdGroupCreate, at),
    result: 'adGroupResult',
  },
  adGroupCriterionOperation: {
    check: (scope, create, at) => checkKeywordCreate(scope, create as KeywordCreate, at),
    result: 'adGroupCriterionResult',
  },
  adGroupAdOperation: {
    check: (scope, create, at) => checkAdGroupAdCreate(scope, create as AdGroupAdCreateRead, at),
    result: 'adGroupAdResult',
  },
};

/**
 * GoogleAdsService.Mutate (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.googleAds/mutate):
 * creates of budgets, campaigns, ad groups, keywords and ads in one atomic request, later operations naming
 * earlier ones by temporary resource names (negative ids); `validateOnly` checks all and makes nothing.
 */
export async function mutateGoogleAds(emulator: SearchEmulator, { customerId, body }: Call): Promise<Answer> {
  const request = emulator.readBody<
    MutateRequestRead<MutateOperationRead> & { mutateOperations?: MutateOperationRead[] }
  >(MUTATE_GOOGLE_ADS_REQUEST, body);
  if ('refused' in request) return request.refused;
  const operations = request.read.mutateOperations ?? [];
  if (operations.length === 0)
    return emulator.requestError('OPERATION_REQUIRED', 'At least one operation is required.');
  const scope: CreateScope = { store: emulator.store, customerId, made: [], temporary: true };
  const errors: GoogleAdsError[] = [];
  const results: string[] = [];
  for (const [index, operation] of operations.entries()) {
    const at: FieldPath = [{ fieldName: 'mutate_operations', index }];
    const [kind, ...more] = Object.keys(operation).filter((key) => operation[key] !== undefined);
    const served = kind === undefined ? undefined : SERVED[kind];
    const create = kind === undefined ? undefined : operation[kind]?.create;
    if (!served || more.length > 0 || create === undefined) {
      const message =
        more.length > 0
          ? 'A mutate operation sets exactly one operation.'
          : `The sandbox runs only creates of ${Object.keys(SERVED).join(', ')} through googleAds:mutate.`;
      errors.push(adsError({ requestError: 'UNKNOWN' }, message, at));
      continue;
    }
    const checked = await served.check(scope, create as never, [
      ...at,
      { fieldName: kind ?? '' },
      { fieldName: 'create' },
    ]);
    errors.push(...checked.errors);
    if (checked.made) {
      scope.made.push(checked.made);
      results.push(served.result);
    }
  }
  if (errors.length > 0) return failureAnswer(emulator.served, 400, errors);
  if (request.read.validateOnly === true) return {};
  await storeMade(emulator, customerId, scope.made, emulator.services.clock.now());
  return {
    mutateOperationResponses: scope.made.map((made, index) => ({
      [results[index] ?? '']: { resourceName: made.resourceName },
    })),
  };
}
