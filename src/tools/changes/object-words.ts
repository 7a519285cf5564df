import type { AmountMeaning, ObjectKind } from './change.ts';

const KIND_WORDS: Readonly<Record<ObjectKind, string>> = {
  campaign: 'campaign',
  ad_group: 'ad group',
  ad_set: 'ad set',
  keyword: 'keyword',
  negative_keyword: 'negative keyword',
  ad: 'ad',
  creative: 'creative',
  conversion: 'conversion',
  asset: 'asset',
  monitor: 'monitor',
};

/** An object kind in words: `ad group`. */
export function kindWords(kind: ObjectKind): string {
  return KIND_WORDS[kind];
}

const AMOUNT_WORDS: Readonly<Record<AmountMeaning, string>> = {
  daily_budget: 'daily budget',
  lifetime_budget: 'lifetime budget',
  bid: 'bid',
};

/** An amount's meaning in words: `daily budget`. */
export function amountWords(meaning: AmountMeaning): string {
  return AMOUNT_WORDS[meaning];
}
