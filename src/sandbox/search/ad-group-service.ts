import { type AdGroupCreate, checkAdGroupCreate } from './creates.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { adsError } from './google-errors.ts';
import { type AdGroupOperationRead, MUTATE_AD_GROUPS_REQUEST } from './messages.ts';
import { serveMutate } from './mutate-service.ts';
import type { ResourceKind } from './resource-mutate.ts';
import type { StoredAdGroup } from './resources.ts';
import type { GoogleAdsError } from './wire-types.ts';

/** Google's ceiling on a bid in the sandbox: far above any search click, as MONEY_AMOUNT_TOO_LARGE guards. */
const MAX_BID_MICROS = 100_000 * 1_000_000;
type AdGroupFields = NonNullable<AdGroupOperationRead['update']>;

/** What an ad group update may set in the sandbox: its status (not REMOVED) and its default max CPC. */
const AD_GROUP: ResourceKind<StoredAdGroup, AdGroupFields> = {
  type: 'ad_group',
  collection: 'adGroups',
  label: 'ad group',
  updatable: ['status', 'cpc_bid_micros'],
  removed: (data) => data.status === 'REMOVED',
  async apply(_store, stored, update, masks, at) {
    const errors: GoogleAdsError[] = [];
    const next: StoredAdGroup = { ...stored.data };
    if (masks.includes('status')) {
      const path = [...at, { fieldName: 'status' }];
      if (update.status === 'ENABLED' || update.status === 'PAUSED') next.status = update.status;
      else if (update.status === 'REMOVED') {
        const message =
          'An ad group is removed with a remove operation, not by setting its status to REMOVED.';
        errors.push(adsError({ adGroupError: 'INVALID_STATUS' }, message, path));
      } else {
        const message = `The status ${update.status ?? 'UNSPECIFIED'} cannot be set: use ENABLED or PAUSED.`;
        errors.push(adsError({ requestError: 'INVALID_ENUM_VALUE' }, message, path));
      }
    }
    if (masks.includes('cpc_bid_micros')) {
      const path = [...at, { fieldName: 'cpc_bid_micros' }];
      const micros = Number(update.cpcBidMicros ?? Number.NaN);
      if (!Number.isSafeInteger(micros) || micros <= 0) {
        const message = `The bid ${update.cpcBidMicros ?? 'unset'} is not a positive amount of micros.`;
        errors.push(adsError({ fieldError: 'INVALID_VALUE' }, message, path));
      } else if (micros % 10_000 !== 0) {
        const message = 'The bid must be a multiple of the minimum currency unit (10,000 micros).';
        errors.push(adsError({ biddingError: 'BID_TOO_MANY_FRACTIONAL_DIGITS' }, message, path));
      } else if (micros > MAX_BID_MICROS) {
        errors.push(adsError({ biddingError: 'BID_TOO_BIG' }, 'The bid is too big.', path));
      } else next.cpcBidMicros = String(micros);
    }
    return errors.length > 0 ? { errors } : { next, errors };
  },
};

/**
 * AdGroupService (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.adGroups):
 * `mutate`, update operations of the status and the default max CPC. The sandbox splits each campaign's
 * day among its ad groups whatever their status, so a paused ad group's share does not change.
 */
export function mutateAdGroups(emulator: SearchEmulator, call: Call): Promise<Answer> {
  return serveMutate(emulator, call, {
    kind: AD_GROUP,
    request: MUTATE_AD_GROUPS_REQUEST,
    async noteChanges() {},
    create: (scope, create, at) => checkAdGroupCreate(scope, create as AdGroupCreate, at),
    mutableResource: ({ resourceName, id, next }) => ({
      adGroup: {
        resourceName,
        id,
        name: next.name,
        status: next.status,
        ...(next.cpcBidMicros !== undefined && { cpcBidMicros: next.cpcBidMicros }),
      },
    }),
  });
}
