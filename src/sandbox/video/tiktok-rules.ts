/**
 * TikTok's rules on campaign and ad group names and budgets, as its campaign/create, campaign/update and
 * adgroup/create references state them: the sandbox's own statement, apart from the video tools' rules
 * (src/platforms/video/campaign-rules.ts), so a mistake in theirs is refused here, not repeated.
 */

/** The smallest campaign budget TikTok takes, daily or lifetime (USD; the sandbox applies it in any currency). */
export const MIN_CAMPAIGN_BUDGET = 50;

/** The smallest daily budget of an ad group. */
export const MIN_AD_GROUP_BUDGET = 20;

/** Names may be 512 characters long, a Chinese or Japanese character counting as two. */
export const MAX_CAMPAIGN_NAME_LENGTH = 512;

/** A campaign without a budget limit. */
export const NO_BUDGET_LIMIT = 'BUDGET_MODE_INFINITE';

/** A name's length as TikTok counts it. */
export function campaignNameLength(name: string): number {
  let length = 0;
  for (const char of name)
    length += /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char) ? 2 : 1;
  return length;
}

/** TikTok refuses names with emoji. */
export function hasEmoji(name: string): boolean {
  return /\p{Extended_Pictographic}/u.test(name);
}
