/** The longest campaign and ad set names the Marketing API takes (its Campaign and Ad Set references). */
export const MAX_CAMPAIGN_NAME_LENGTH = 400;
export const MAX_AD_SET_NAME_LENGTH = 400;
