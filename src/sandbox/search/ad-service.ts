import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { failureAnswer, partialFailure } from './google-errors.ts';
import { MUTATE_ADS_REQUEST, type MutateAdsRequestRead } from './messages.ts';
import { mutateAds, operationAdIds } from './mutate.ts';

/** AdService (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.ads): `mutate`. */
export async function mutate(emulator: SearchEmulator, { customerId, body }: Call): Promise<Answer> {
  const request = emulator.readBody<MutateAdsRequestRead>(MUTATE_ADS_REQUEST, body);
  if ('refused' in request) return request.refused;
  const operations = request.read.operations ?? [];
  if (operations.length === 0)
    return emulator.requestError('OPERATION_REQUIRED', 'At least one operation is required.');
  const faulted = await emulator.fault(operationAdIds(operations));
  if (faulted) return faulted;
  const validateOnly = request.read.validateOnly === true;
  const partial = request.read.partialFailure === true;
  const outcome = await mutateAds(emulator.store, customerId, operations, {
    validateOnly,
    partialFailure: partial,
    mutableResource: request.read.responseContentType === 'MUTABLE_RESOURCE',
    now: emulator.services.clock.now(),
  });
  if (outcome.errors.length > 0 && !partial) return failureAnswer(emulator.served, 400, outcome.errors);
  return {
    ...(!validateOnly && { results: outcome.results }),
    ...(outcome.errors.length > 0 && {
      partialFailureError: partialFailure(emulator.served, outcome.errors),
    }),
  };
}
