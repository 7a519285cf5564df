import { z } from 'zod';
import { orIdNumber, plainTextPattern, withoutControlCharacters } from '../arguments.ts';
import { platformField } from './monitor-rule.ts';

/**
 * An account id as list_connected_accounts shows it, on any platform; as a JSON integer too, as the
 * platforms' own account arguments take it (Meta's act_<digits> is never one).
 */
export const accountIdField = orIdNumber(
  withoutControlCharacters(z.string().trim().min(1, 'must not be empty').max(64)).meta({
    pattern: plainTextPattern(),
  }),
);

/** The platform a monitor watches and its account, resolved as the platform's own tools resolve theirs. */
export const monitorAccountFields = {
  platform: platformField,
  account_id: accountIdField
    .optional()
    .describe('The account, when several are connected (list_connected_accounts).'),
};

export const MONITOR_ACCOUNT = { platform: 'platform', account: 'account_id' } as const;
