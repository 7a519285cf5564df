import type { SandboxStore } from '../store.ts';
import { adsError, type FieldPath } from './google-errors.ts';
import type { AdOperationRead } from './messages.ts';
import type { StoredAd } from './resources.ts';
import type { Ad, AdTextAsset, GoogleAdsError } from './wire-types.ts';

export const SUPPORTED_UPDATE_MASK = 'responsive_search_ad.headlines';
const MIN_HEADLINES = 3;
const MAX_HEADLINES = 15;
const MAX_HEADLINE_LENGTH = 30;
const PINS = ['HEADLINE_1', 'HEADLINE_2', 'HEADLINE_3'];
const AD_NAME = /^customers\/([^/]+)\/ads\/([^/]+)$/;

/** A checked operation, ready to apply. */
interface Change {
  ad: { id: string; data: StoredAd };
  resourceName: string;
  headlines: AdTextAsset[];
}

/** The ad id each operation names, so that magic ids can answer before anything is checked. */
export function operationAdIds(operations: AdOperationRead[]): string[] {
  return operations.flatMap((operation) => {
    const name = operation.update?.resourceName;
    const id = name === undefined ? undefined : AD_NAME.exec(name)?.[2];
    return id === undefined ? [] : [id];
  });
}

export function checkHeadlines(
  value: unknown,
  at: FieldPath,
): { headlines: AdTextAsset[]; errors: GoogleAdsError[] } {
  const path = [...at, { fieldName: 'responsive_search_ad' }, { fieldName: 'headlines' }];
  if (!Array.isArray(value)) {
    return {
      headlines: [],
      errors: [adsError({ fieldError: 'REQUIRED' }, 'The headlines of the ad are required.', path)],
    };
  }
  const errors: GoogleAdsError[] = [];
  if (value.length < MIN_HEADLINES || value.length > MAX_HEADLINES) {
    const few = value.length < MIN_HEADLINES;
    errors.push(
      adsError(
        { collectionSizeError: few ? 'TOO_FEW' : 'TOO_MANY' },
        `Too ${few ? 'few' : 'many'} headlines: a responsive search ad takes ${MIN_HEADLINES} to ${MAX_HEADLINES}, ` +
          `not ${value.length}.`,
        path,
      ),
    );
  }
  const seen = new Set<string>();
  const headlines = value.map((item: unknown, index): AdTextAsset => {
    const headline = (item ?? {}) as { text?: string; pinnedField?: string };
    const text = headline.text ?? '';
    const here = [...path.slice(0, -1), { fieldName: 'headlines', index }, { fieldName: 'text' }];
    if (text.trim() === '') {
      errors.push(adsError({ stringLengthError: 'EMPTY' }, `Headline ${index + 1} is empty.`, here));
    } else if (text.length > MAX_HEADLINE_LENGTH) {
      errors.push(
        adsError(
          { stringLengthError: 'TOO_LONG' },
          `Headline ${index + 1} ("${text}") is ${text.length} characters; the limit is ${MAX_HEADLINE_LENGTH}.`,
          here,
        ),
      );
    } else if (seen.has(text.trim().toLowerCase())) {
      errors.push(
        adsError({ distinctError: 'DUPLICATE_ELEMENT' }, `Headline ${index + 1} repeats "${text}".`, here),
      );
    }
    seen.add(text.trim().toLowerCase());
    const pin = headline.pinnedField;
    if (pin !== undefined && !PINS.includes(pin)) {
      errors.push(
        adsError(
          { fieldError: 'INVALID_VALUE' },
          `Headline ${index + 1} has the pin ${JSON.stringify(pin)}; a headline can be pinned to ${PINS.join(', ')}.`,
          [...path.slice(0, -1), { fieldName: 'headlines', index }, { fieldName: 'pinned_field' }],
        ),
      );
    }
    return pin === undefined ? { text } : { text, pinnedField: pin };
  });
  return { headlines, errors };
}

async function checkOperation(
  store: SandboxStore,
  customerId: string,
  operation: AdOperationRead,
  index: number,
): Promise<{ change?: Change; errors: GoogleAdsError[] }> {
  const at: FieldPath = [{ fieldName: 'operations', index }];
  const update = operation.update;
  if (!update) {
    const path = [...at, { fieldName: 'update' }];
    return { errors: [adsError({ fieldError: 'REQUIRED' }, 'The required field was not present.', path)] };
  }
  const maskPath = [...at, { fieldName: 'update_mask' }];
  const masks = operation.updateMask ?? [];
  if (masks.length === 0) {
    const message = 'The field mask must be provided for update operations.';
    return { errors: [adsError({ fieldMaskError: 'FIELD_MASK_MISSING' }, message, maskPath)] };
  }
  const unsupported = masks.find((mask) => mask !== SUPPORTED_UPDATE_MASK);
  if (unsupported !== undefined) {
    const message = `The sandbox can update only ${SUPPORTED_UPDATE_MASK}, not '${unsupported}'.`;
    return { errors: [adsError({ fieldMaskError: 'FIELD_NOT_FOUND' }, message, maskPath)] };
  }
  const namePath = [...at, { fieldName: 'update' }, { fieldName: 'resource_name' }];
  const name = update.resourceName ?? '';
  const match = AD_NAME.exec(name);
  if (!match || match[1] !== customerId) {
    const message = match
      ? `The ad ${name} belongs to customer ${match[1]}, not to customer ${customerId} of this request.`
      : `Resource name '${name}' is malformed: expected customers/{customer_id}/ads/{ad_id}.`;
    return { errors: [adsError({ requestError: 'RESOURCE_NAME_MALFORMED' }, message, namePath)] };
  }
  const adId = match[2] ?? '';
  const ad = await store.get<StoredAd>('ad', adId);
  if (!ad || ad.accountId !== customerId) {
    const message = `Resource was not found: there is no ad ${adId} in customer ${customerId}.`;
    return { errors: [adsError({ mutateError: 'RESOURCE_NOT_FOUND' }, message, namePath)] };
  }
  if (ad.data.ad.type !== 'RESPONSIVE_SEARCH_AD') {
    const path = [...at, { fieldName: 'update' }, { fieldName: 'responsive_search_ad' }];
    const message =
      `Ad ${adId} is of type ${ad.data.ad.type ?? 'UNKNOWN'}, not a responsive search ad: its ` +
      'responsive_search_ad fields cannot be set.';
    return { errors: [adsError({ fieldError: 'VALUE_MUST_BE_UNSET' }, message, path)] };
  }
  const checked = checkHeadlines(update.responsiveSearchAd?.headlines, [...at, { fieldName: 'update' }]);
  if (checked.errors.length > 0) return { errors: checked.errors };
  return {
    change: { ad: { id: ad.id, data: ad.data }, resourceName: name, headlines: checked.headlines },
    errors: [],
  };
}

export interface MutateOutcome {
  errors: GoogleAdsError[];
  /** One entry per operation: its resource name (and the ad, when asked), or `{}` for one that failed. */
  results: Array<{ resourceName?: string; ad?: Ad }>;
}

/**
 * ads:mutate as Google runs it: every operation is checked; without partial failure one error fails the
 * whole request and nothing changes; `validateOnly` checks and changes nothing.
 */
export async function mutateAds(
  store: SandboxStore,
  customerId: string,
  operations: AdOperationRead[],
  options: { validateOnly: boolean; partialFailure: boolean; mutableResource: boolean; now: Date },
): Promise<MutateOutcome> {
  const checked = [];
  for (const [index, operation] of operations.entries()) {
    checked.push(await checkOperation(store, customerId, operation, index));
  }
  const errors = checked.flatMap((c) => c.errors);
  if ((errors.length > 0 && !options.partialFailure) || options.validateOnly) {
    return { errors, results: [] };
  }
  const results: MutateOutcome['results'] = [];
  for (const { change } of checked) {
    if (!change) {
      results.push({});
      continue;
    }
    const ad = change.ad.data.ad;
    const next: StoredAd = {
      ...change.ad.data,
      ad: { ...ad, responsiveSearchAd: { ...ad.responsiveSearchAd, headlines: change.headlines } },
    };
    await store.update('ad', change.ad.id, next, options.now);
    results.push({
      resourceName: change.resourceName,
      ...(options.mutableResource && {
        ad: { resourceName: change.resourceName, id: change.ad.id, ...next.ad },
      }),
    });
  }
  return { errors, results };
}
