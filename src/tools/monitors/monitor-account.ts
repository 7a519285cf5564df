import { z } from 'zod';
import { PLATFORM_INFO, PLATFORMS, type Platform } from '../../platform-families.ts';
import { plainTextPattern, withoutControlCharacters } from '../arguments.ts';
import type { FieldIssue } from '../tool.ts';
import { platformField } from './monitor-rule.ts';

function accountId(platform: Platform) {
  return withoutControlCharacters(z.string().trim().min(1, 'must not be empty').max(64))
    .meta({ pattern: plainTextPattern() })
    .optional()
    .describe(`With platform ${platform}: the account, when several are connected.`);
}

/** The platform a monitor watches and its usual account argument (customer_id, account_id, ...). */
export const monitorAccountFields = {
  platform: platformField,
  customer_id: accountId('search'),
  account_id: accountId('network'),
  ad_account_id: accountId('social'),
  advertiser_id: accountId('video'),
};

/** An account argument of another platform than the one named is a mistake worth naming. */
export function accountArgumentIssues(args: Record<string, unknown>): FieldIssue[] {
  const platform = args.platform as Platform | undefined;
  if (!platform) return [];
  const own = PLATFORM_INFO[platform].accountArgument;
  return PLATFORMS.filter((other) => other !== platform)
    .map((other) => PLATFORM_INFO[other].accountArgument)
    .filter((field) => field !== own && args[field] !== undefined)
    .map((field) => ({ field, message: `is not the account argument of ${platform}: pass ${own}` }));
}
