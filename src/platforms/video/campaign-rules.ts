// TikTok's rules for a campaign's and an ad group's name and budget, as the video tools apply them (the
// TikTok sandbox states them apart, in src/sandbox/video/tiktok-rules.ts).

/** TikTok's minimum campaign budget, daily or lifetime (USD; applied in the account currency). */
export const MIN_CAMPAIGN_BUDGET = 50;

/** TikTok's minimum daily budget of an ad group (USD; applied in the account currency). */
export const MIN_AD_GROUP_BUDGET = 20;

/** The longest campaign name, in TikTok's count. */
export const MAX_CAMPAIGN_NAME_LENGTH = 512;

/** The budget type of a campaign without a budget limit. */
export const NO_BUDGET_LIMIT = 'BUDGET_MODE_INFINITE';

const EMOJI = /\p{Extended_Pictographic}/u;
const DOUBLE_WIDTH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** A name's length as TikTok counts it: each Chinese or Japanese character counts as two. */
export function campaignNameLength(name: string): number {
  return [...name].reduce((sum, char) => sum + (DOUBLE_WIDTH.test(char) ? 2 : 1), 0);
}

/** TikTok refuses emoji in campaign names. */
export function hasEmoji(name: string): boolean {
  return EMOJI.test(name);
}
