import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The names an owner knows an audit row's caller by, as two selections: the key's name, and the OAuth
 * app's (the name on the owner's latest grant to that client).
 */
export function callerNames(eb: ExpressionBuilder<Database, 'audit_log'>) {
  return [
    eb
      .selectFrom('api_keys')
      .select('api_keys.name')
      .whereRef('api_keys.id', '=', 'audit_log.api_key_id')
      .as('key_name'),
    eb
      .selectFrom('oauth_grants')
      .select('oauth_grants.client_name')
      .whereRef('oauth_grants.client_id', '=', 'audit_log.oauth_client_id')
      .whereRef('oauth_grants.user_id', '=', 'audit_log.user_id')
      .orderBy('oauth_grants.created_at', 'desc')
      .limit(1)
      .as('app_name'),
  ] as const;
}
