import { checkAdGroupAdCreate, serveCreates } from './creates.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import {
  type AdGroupAdOperationRead,
  MUTATE_AD_GROUP_ADS_REQUEST,
  type MutateRequestRead,
} from './messages.ts';

/**
 * AdGroupAdService (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.adGroupAds):
 * `mutate`, create operations of responsive search ads; headlines are edited through ads:mutate.
 */
export async function mutateAdGroupAds(
  emulator: SearchEmulator,
  { customerId, body }: Call,
): Promise<Answer> {
  const request = emulator.readBody<MutateRequestRead<AdGroupAdOperationRead>>(
    MUTATE_AD_GROUP_ADS_REQUEST,
    body,
  );
  if ('refused' in request) return request.refused;
  const operations = request.read.operations ?? [];
  if (operations.length === 0)
    return emulator.requestError('OPERATION_REQUIRED', 'At least one operation is required.');
  return serveCreates(
    emulator,
    customerId,
    operations.map((operation) => operation.create),
    checkAdGroupAdCreate,
    { validateOnly: request.read.validateOnly === true },
  );
}
