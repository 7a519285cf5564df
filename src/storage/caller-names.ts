import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The names an owner knows an audit row's caller by: the key's name, the OAuth app's (the name on the
 * owner's latest grant to that client), the monitor's (none once it is deleted), and the member's address
 * when one acted in person.
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
    eb
      .selectFrom('monitors')
      .select('monitors.name')
      .whereRef('monitors.id', '=', 'audit_log.monitor_id')
      .as('monitor_name'),
    eb
      .selectFrom('people')
      .select('people.email')
      .whereRef('people.id', '=', 'audit_log.person_id')
      .as('member_email'),
  ] as const;
}
