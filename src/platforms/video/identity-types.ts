/**
 * The identities a TikTok ad may post as (identity/get, ad/create): a custom user made for ads, a TikTok
 * account authorized by code or linked to the advertiser, or one authorized to a Business Center.
 */
export const IDENTITY_TYPES = ['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT'] as const;
