import type { Insertable, Selectable } from 'kysely';

/** Times are ISO 8601 UTC strings (`2026-11-22T10:00:00.000Z`): they sort as text on every dialect. */
type Timestamp = string;
/** Booleans are 0 or 1: the one boolean type SQLite and PostgreSQL share. */
type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  tier: string;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  hash: string;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

export interface QuotaUsageTable {
  user_id: string;
  /** Calendar month in UTC, `YYYY-MM`. */
  period: string;
  used: number;
}

export interface IdempotencyRecordsTable {
  user_id: string;
  key: string;
  tool: string;
  fingerprint: string;
  /** Unique per attempt: only the attempt holding the lock may settle the record. */
  lock_token: string;
  locked_until: Timestamp;
  /** The recorded outcome as JSON; null while the first request still runs. */
  outcome: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface ConnectionsTable {
  id: string;
  user_id: string;
  platform: string;
  mode: string;
  status: string;
  token_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdAccountsTable {
  id: string;
  user_id: string;
  connection_id: string;
  platform: string;
  account_id: string;
  name: string;
  currency: string;
  status: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: string;
  created_at: Timestamp;
  request_id: string;
  user_id: string | null;
  api_key_id: string | null;
  tool: string;
  account_id: string | null;
  status: number;
  code: string | null;
  latency_ms: number;
  billable: Flag;
  replayed: Flag;
  dry_run: Flag;
  fingerprint: string | null;
  /** JSON: non-secret argument fields that answer "who created this and when". */
  details: string | null;
  /** JSON array of the platform's request ids. */
  upstream_request_ids: string | null;
  /** JSON array of the ids of objects created upstream. */
  created_object_ids: string | null;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  quota_usage: QuotaUsageTable;
  idempotency_records: IdempotencyRecordsTable;
  connections: ConnectionsTable;
  ad_accounts: AdAccountsTable;
  audit_log: AuditLogTable;
}

export type User = Selectable<UsersTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type IdempotencyRecord = Selectable<IdempotencyRecordsTable>;
export type Connection = Selectable<ConnectionsTable>;
export type AdAccount = Selectable<AdAccountsTable>;
export type AuditEntry = Insertable<AuditLogTable>;
