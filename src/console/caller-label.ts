/** The audit row's columns that say who made a call, with the names of the key, app and monitor. */
export interface CallerColumns {
  api_key_id: string | null;
  oauth_client_id: string | null;
  monitor_id: string | null;
  key_name: string | null;
  app_name: string | null;
  monitor_name: string | null;
  member_email: string | null;
}

/**
 * Who made a call, by the name the owner gave the key or the monitor, or the app gave itself: `key night
 * agent`, `app ChatGPT`, `monitor Big spender`, the member's address, or `in person` (the command line).
 */
export function callerLabel(row: CallerColumns): string {
  if (row.monitor_id) return `monitor ${row.monitor_name ?? `${row.monitor_id} (deleted)`}`;
  if (row.api_key_id) return `key ${row.key_name ?? row.api_key_id}`;
  if (row.oauth_client_id) return `app ${row.app_name ?? row.oauth_client_id}`;
  return row.member_email ?? 'in person';
}
