import type { Generated, Insertable, Selectable } from 'kysely';

/** Times are ISO 8601 UTC strings (`2026-11-22T10:00:00.000Z`): they sort as text on every dialect. */
type Timestamp = string;
/** Booleans are 0 or 1: the one boolean type SQLite and PostgreSQL share. */
type Flag = 0 | 1;

/**
 * A workspace: what keys, accounts, apps, monitors, approvals, webhooks, the quota and the tier belong to. It
 * began as one owner's account (hence the table's name and every `user_id` pointing at it); its `email` is the
 * workspace's address, unique, by which the CLI names it. The people who sign in are `people`, its members.
 */
export interface UsersTable {
  id: string;
  email: string;
  /** What the console shows it as; the address for a workspace that began as one owner's account. */
  name: Generated<string>;
  tier: string;
  created_at: Timestamp;
  /** When the owner stopped every key and OAuth grant at once; null while agents may call. */
  agents_stopped_at: Generated<Timestamp | null>;
  /** `off`, or `approvers`: approvers and admins act only in a session opened with a second factor. */
  second_factor: Generated<string>;
  /** JSON `{currency: micros}`: a change projected to spend more a day than this waits for two approvers. */
  two_approvers_above: Generated<string | null>;
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
  /** `read`, `write` or `spend` (each allows what the ones before it do): src/key-limits.ts. */
  scope: Generated<string>;
  /** JSON `[{platform, account_id}]`: the only accounts the key may act on; null: all of the owner's. */
  account_limits: string | null;
  /** JSON `{currency: micros}`: the largest daily budget a call of the key may set; null: no ceiling. */
  budget_ceilings: string | null;
  /** The largest raise of a daily budget one change may make without approval, in percent; null: none. */
  max_raise_percent: Generated<number | null>;
  /** `none`, or `spend`: every spend change waits for the owner's approval. */
  approval: Generated<string>;
  /** The member who made it in the console; null for one made by the CLI, the demo or before teams. */
  created_by: Generated<string | null>;
  /** The (agency's) client the key is limited to: its accounts, those assigned later too (docs/teams.md). */
  agency_client_id: Generated<string | null>;
}

export interface QuotaUsageTable {
  user_id: string;
  /** Calendar month in UTC, `YYYY-MM`. */
  period: string;
  /** Units of calls that ended in success. */
  used: number;
  /** Units held by calls still running (one row each in `quota_holds`). */
  held: Generated<number>;
}

/** One unit of quota held by a running call; the call renews its lease, so a crashed call's unit comes back. */
export interface QuotaHoldsTable {
  id: string;
  user_id: string;
  period: string;
  lease_until: Timestamp;
  created_at: Timestamp;
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
  /** JSON: the recovery points of a multi-step write (pipeline/recovery-points.ts). */
  recovery: string | null;
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
  /** Encrypted with the token cipher; bound to this row and column. */
  access_token: string | null;
  refresh_token: string | null;
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
  /** IANA time zone of the account's reporting days (`UTC` for sandbox accounts). */
  time_zone: Generated<string>;
  /** Google Ads: the manager (MCC) the account is reached through, sent as `login-customer-id`; else null. */
  login_customer_id: Generated<string | null>;
}

export interface AuditLogTable {
  id: string;
  created_at: Timestamp;
  request_id: string;
  user_id: string | null;
  api_key_id: string | null;
  /** The OAuth client the call came through, when it came with an OAuth access token rather than a key. */
  oauth_client_id: string | null;
  /** The member who acted in person (a revert, a stop's pause, an approval applied); null otherwise. */
  person_id: string | null;
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
  /**
   * The Idempotency-Key the call claimed (a client-chosen UUID, or the one an approval is applied under):
   * not a secret, it opens nothing. Null for calls without one, replays, and calls refused before the claim.
   */
  idempotency_key: string | null;
  /** For a revert: the id of the audit row whose change it undoes (the change page links both ways). */
  reverts: string | null;
  /** The monitor whose action this call was (src/monitors/): the change history's actor. */
  monitor_id: string | null;
  /** The client whose spend envelope paused a campaign with this call (src/clients/): the actor. */
  agency_client_id: Generated<string | null>;
}

/** An owner's monitor: a rule checked on one account every few minutes (src/tools/monitors/monitor-rule.ts). */
export interface MonitorsTable {
  id: string;
  user_id: string;
  platform: string;
  account_id: string;
  name: string;
  /** JSON: the rule (MonitorRule) as validated. */
  rule: string;
  check_every_minutes: number;
  enabled: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One check of a monitor, for the minute it was due (a retried check records once). */
export interface MonitorChecksTable {
  monitor_id: string;
  /** The minute the check was due, ISO. */
  slot_at: Timestamp;
  checked_at: Timestamp;
  /** `checked`, or `failed` when the report could not be read. */
  outcome: string;
  error: string | null;
  /** The window's days, `YYYY-MM-DD..YYYY-MM-DD` in the account time zone. */
  period: string | null;
  /** JSON: each campaign evaluated, its values and whether the rule matched. */
  campaigns: string;
}

/** A monitor's firing on a campaign: at most one per monitor, campaign and period (the action's idempotency). */
export interface MonitorFiringsTable {
  id: string;
  monitor_id: string;
  campaign_id: string;
  campaign_name: string | null;
  period: string;
  slot_at: Timestamp;
  fired_at: Timestamp;
  /** JSON: the values that matched. */
  seen: string;
  action: string;
  /** JSON: the arguments of the action's call, fixed before it is made so every retry sends the same. */
  action_arguments: string | null;
  /** `pending` until acted on; then `applied`, `notified`, `refused` or `failed`. */
  result: string;
  result_text: string | null;
  /** The request id of the action's call (its audit row and change history entry). */
  request_id: string | null;
}

/** A record of the OAuth protocol library (src/oauth/oauth-adapter.ts), found by the hash of its id. */
export interface OAuthRecordsTable {
  model: string;
  id_hash: string;
  /** JSON; a client's (which may hold its secret) encrypted with the token cipher. */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** What an owner allowed an OAuth client in the console: the same limits a key carries. */
export interface OAuthGrantsTable {
  id: string;
  user_id: string;
  client_id: string;
  client_name: string;
  scope: string;
  account_limits: string | null;
  budget_ceilings: string | null;
  /** The largest raise of a daily budget one change may make without approval, in percent; null: none. */
  max_raise_percent: Generated<number | null>;
  /** `none`, or `spend`: every spend change waits for the owner's approval. */
  approval: Generated<string>;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The member who allowed the app on the consent page; null for grants made before teams. */
  approved_by: Generated<string | null>;
}

/** A confidential OAuth client an owner made in the console (for a ChatGPT Action). */
export interface OAuthOwnedClientsTable {
  client_id: string;
  user_id: string;
  name: string;
  redirect_uri: string;
  created_at: Timestamp;
}

/** The sandbox emulators' state: campaigns, ads, assets... of sandbox accounts, as JSON documents. */
export interface SandboxObjectsTable {
  platform: string;
  type: string;
  id: string;
  account_id: string;
  parent_id: string | null;
  data: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * When a sandbox object (a campaign) became active or inactive, or changed its daily budget: from
 * `since` on (a day, YYYY-MM-DD, from its start; or an instant, ISO 8601 UTC), until the next row. The
 * sandboxes' reports are computed from it; `runaway` marks a campaign whose spend rises steeply today.
 */
export interface SandboxActivityTable {
  platform: string;
  object_id: string;
  since: string;
  active: Flag;
  daily_budget_micros: number | null;
  runaway: Generated<Flag>;
}

/** Tokens the sandbox emulators issued: access, refresh and authorization codes, stored hashed. */
export interface SandboxTokensTable {
  hash: string;
  platform: string;
  kind: string;
  /** JSON array of the account ids the token may act on. */
  account_ids: string;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  /** The owner the token was issued to; null for tokens issued before sandbox accounts had owners. */
  user_id: string | null;
}

/** The owner of each sandbox account: the one who created it, the only one its consent page grants it to. */
export interface SandboxAccountOwnersTable {
  platform: string;
  account_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** Someone who signs in to the console; a member of one or more workspaces. */
export interface PeopleTable {
  id: string;
  email: string;
  created_at: Timestamp;
}

/** A console password: scrypt with its own salt and parameters (`scrypt$N$r$p$salt$hash`). */
export interface PersonPasswordsTable {
  person_id: string;
  hash: string;
  updated_at: Timestamp;
}

/** A console form a member sent that succeeded: who, which form (its route), on what (its ids). */
export interface MemberActionsTable {
  id: string;
  workspace_id: string;
  person_id: string | null;
  /** The member's address then, kept when the person is gone. */
  email: string;
  /** The form's route, like `/keys/:id/revoke`. */
  route: string;
  /** JSON: the route's parameters (`{"id": "key_…"}`), or null. */
  subject: string | null;
  created_at: Timestamp;
}

/** A person's TOTP secret (encrypted with the key ring), confirmed once a code from it was given. */
export interface PersonTotpTable {
  person_id: string;
  secret: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  /** The last 30-second step a code was accepted for: a code is good once. */
  last_step: number | null;
}

/** A recovery code, shown once; only its SHA-256 is kept, and it works once. */
export interface PersonRecoveryCodesTable {
  code_hash: string;
  person_id: string;
  used_at: Timestamp | null;
}

/** A group of a workspace's accounts, for an agency's client: what operators and keys may be limited to. */
export interface ClientsTable {
  id: string;
  workspace_id: string;
  name: string;
  /** JSON `{"USD": micros}`: the most the client's accounts may spend in a calendar month, per currency. */
  envelope: string | null;
  /** 1: every running campaign of the client is paused when an envelope is reached. */
  pause_at_envelope: Flag;
  /** When its envelope was last checked, for ADOPS_ENVELOPE_CHECK_MINUTES. */
  envelope_checked_at: Timestamp | null;
  created_at: Timestamp;
}

/** The client an account belongs to (at most one), kept when the account is disconnected. */
export interface ClientAccountsTable {
  workspace_id: string;
  platform: string;
  account_id: string;
  client_id: string;
}

/** The clients an operator is limited to; none: every client. */
export interface MemberClientsTable {
  workspace_id: string;
  person_id: string;
  client_id: string;
}

/** A client's envelope reached 80% or 100% in a month: recorded once, what its page shows. */
export interface EnvelopeMarksTable {
  client_id: string;
  /** The calendar month in UTC, `YYYY-MM`. */
  month: string;
  currency: string;
  /** 80 or 100. */
  level: number;
  spent_micros: number;
  envelope_micros: number;
  reached_at: Timestamp;
}

/** A person's place in a workspace: `viewer`, `operator`, `approver` or `admin` (src/owners/roles.ts). */
export interface MembershipsTable {
  workspace_id: string;
  person_id: string;
  role: string;
  created_at: Timestamp;
}

/** An invitation to a workspace, opened by a link whose token only the admin saw (its SHA-256 is kept). */
export interface InvitationsTable {
  id: string;
  token_hash: string;
  workspace_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A console sign-in. The cookie holds the id; only its SHA-256 is stored, so a database leak opens no session. */
export interface ConsoleSessionsTable {
  id_hash: string;
  /** The workspace the person is looking at. */
  user_id: string;
  /** Who signed in: always set (a column added to a table SQLite has cannot be NOT NULL). */
  person_id: string | null;
  /** When the person gave a second factor to open this session; null when they signed in without one. */
  second_factor_at: Generated<Timestamp | null>;
  csrf_token: string;
  /** The id of the last key-creation form this session sent, so a resent form creates no second key. */
  last_key_form: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** What the last form did, encrypted, until the page it redirected to shows it (src/web/flash.ts). */
  flash: Generated<string | null>;
}

/** An image an owner stored through validate_and_prepare_assets, kept once per owner and SHA-256. */
export interface AssetImagesTable {
  user_id: string;
  /** Hex SHA-256 of `bytes`. */
  sha256: string;
  /** `jpeg`, `png` or `gif`, decided by the bytes. */
  format: string;
  width: number;
  height: number;
  byte_size: number;
  bytes: Uint8Array;
  created_at: Timestamp;
}

/** The images one validate_and_prepare_assets call accepted; other tools take its id. */
export interface AssetBundlesTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface AssetBundleImagesTable {
  bundle_id: string;
  /** Order of the call's arguments, from 0: "the bundle's first landscape image" is the lowest. */
  position: number;
  /** The argument the image came in: `marketing_images_landscape`, `logos_square`, ... */
  image_group: string;
  user_id: string;
  sha256: string;
}

/**
 * A change that waits for the owner (docs/approvals.md), stored as a plan: the tool and its resolved
 * arguments, who asked with which limits, and the change with the object's values it was computed from.
 */
export interface ApprovalsTable {
  id: string;
  user_id: string;
  /** `pending`, `approved` (being applied), `applied`, `rejected`, `expired`, `drifted` or `failed`. */
  status: string;
  /** Why the change waits, in words for the owner and the agent. */
  reason: string;
  tool: string;
  /** JSON: the validated arguments, without dry_run. */
  arguments: string;
  platform: string | null;
  account_id: string | null;
  api_key_id: string | null;
  oauth_client_id: string | null;
  oauth_grant_id: string | null;
  /** The key's or the app's name, as the owner knows it. */
  requested_by: string;
  /** JSON: the caller's limits when it asked (src/key-limits.ts rowOfLimits). */
  limits: string;
  request_id: string;
  /** JSON: the change (object, before, after, projected deltas): src/pipeline/approval-change.ts. */
  change: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
  /** The address of the member who decided (the owner's, before teams). */
  decided_by: string | null;
  /** Of a change that needs two approvers: the address of the first, and when, until the second approves. */
  first_approved_by: Generated<string | null>;
  first_approved_at: Generated<Timestamp | null>;
  /** JSON: the applied answer (`text`, `structured`), or what drifted or failed. */
  result: string | null;
}

/** A background job of the in-process runner (src/jobs/local-engine.ts). */
export interface JobsTable {
  id: string;
  queue: string;
  /** The job's data, JSON. */
  data: string;
  /** `queued`, `active`, `completed` or `failed` (out of retries). */
  state: string;
  /** An every-minute queue's job carries its minute here. */
  singleton_key: string | null;
  /** Service clock: not worked before. */
  start_after: Timestamp;
  retry_count: Generated<number>;
  /** The engine working it, while active: `host:pid:random`. */
  locked_by: string | null;
  /** Real time of the worker's last heartbeat, while active. */
  heartbeat_at: Timestamp | null;
  created_at: Timestamp;
  /** Service clock: when it completed or ran out of retries. */
  ended_at: Timestamp | null;
}

/** An owner's webhook endpoint (docs/notifications.md): where the chosen events are POSTed, signed. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  /** An https URL, checked like a media URL when it is registered and again at every delivery. */
  url: string;
  /** JSON array of the event types chosen (`monitor.fired`, `quota.threshold`, ...). */
  events: string;
  /** The signing secret, encrypted with the token cipher (it must be read back to sign); bound to this row. */
  secret: string;
  created_at: Timestamp;
  /** When deliveries stopped: by the owner, or after 3 days of failures; null while enabled. */
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  /** The first failed attempt with no success since; null while the last attempt succeeded. */
  failing_since: Timestamp | null;
}

/** Something the service tells owners about; its id is the dedupe key (the same id is one event). */
export interface NotificationEventsTable {
  id: string;
  user_id: string;
  type: string;
  created_at: Timestamp;
  /** JSON: the event's `data`, never a secret or a token. */
  data: string;
  /** A one-line summary for people (Slack shows it). */
  text: string;
}

/** One event to one endpoint: its attempts, the last answer and when the next attempt is due. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  /** `pending`, `delivered` or `failed` (24 hours of attempts without a 2xx). */
  status: string;
  attempts: Generated<number>;
  /** The HTTP status of the last answer; null when there was none (timeout, refused connection). */
  last_status: number | null;
  /** Why the last attempt failed, in words; null after a 2xx. */
  last_error: string | null;
  created_at: Timestamp;
  first_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
  /** While an attempt runs: no second attempt of the same delivery starts before this. */
  locked_until: Timestamp | null;
}

/**
 * Each money field an applied write moved (src/storage/money-changes.ts): what the guardrails judge a raise
 * from, and what "stop all agents" pauses.
 */
export interface MoneyChangesTable {
  id: string;
  user_id: string;
  /** The audit row of the call that made it. */
  audit_id: string;
  created_at: Timestamp;
  tool: string;
  platform: string;
  account_id: string;
  object_kind: string;
  object_id: string;
  parent_id: string | null;
  campaign_id: string | null;
  field: string;
  /** delivery, daily_budget, lifetime_budget or bid. */
  money: string;
  /** Micros for amounts, 0 or 1 for delivery; null: none. */
  before_value: number | string | null;
  after_value: number | string | null;
  /** 1 when it started or raised spend. */
  lifted: Flag;
  /** 1 when an API key or an OAuth app made it (not the owner, not a monitor). */
  by_agent: Flag;
}

/** An agent's write between its last check of "agents stopped" and its settlement: what a stop waits for. */
export interface WritesInFlightTable {
  id: string;
  user_id: string;
  started_at: Timestamp;
  /** Renewed while the call runs; a crashed call's row lapses. */
  lease_until: Timestamp;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  quota_usage: QuotaUsageTable;
  quota_holds: QuotaHoldsTable;
  idempotency_records: IdempotencyRecordsTable;
  connections: ConnectionsTable;
  ad_accounts: AdAccountsTable;
  audit_log: AuditLogTable;
  asset_images: AssetImagesTable;
  asset_bundles: AssetBundlesTable;
  asset_bundle_images: AssetBundleImagesTable;
  people: PeopleTable;
  person_passwords: PersonPasswordsTable;
  memberships: MembershipsTable;
  clients: ClientsTable;
  client_accounts: ClientAccountsTable;
  member_clients: MemberClientsTable;
  envelope_marks: EnvelopeMarksTable;
  member_actions: MemberActionsTable;
  person_totp: PersonTotpTable;
  person_recovery_codes: PersonRecoveryCodesTable;
  invitations: InvitationsTable;
  console_sessions: ConsoleSessionsTable;
  sandbox_objects: SandboxObjectsTable;
  sandbox_tokens: SandboxTokensTable;
  sandbox_activity: SandboxActivityTable;
  sandbox_account_owners: SandboxAccountOwnersTable;
  oauth_records: OAuthRecordsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_owned_clients: OAuthOwnedClientsTable;
  approvals: ApprovalsTable;
  jobs: JobsTable;
  webhook_endpoints: WebhookEndpointsTable;
  notification_events: NotificationEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  monitors: MonitorsTable;
  monitor_checks: MonitorChecksTable;
  monitor_firings: MonitorFiringsTable;
  money_changes: MoneyChangesTable;
  writes_in_flight: WritesInFlightTable;
}

export type User = Selectable<UsersTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type IdempotencyRecord = Selectable<IdempotencyRecordsTable>;
export type Connection = Selectable<ConnectionsTable>;
export type AdAccount = Selectable<AdAccountsTable>;
export type AuditEntry = Insertable<AuditLogTable>;
export type ConsoleSession = Selectable<ConsoleSessionsTable>;
export type Person = Selectable<PeopleTable>;
export type Membership = Selectable<MembershipsTable>;
export type Client = Selectable<ClientsTable>;
export type EnvelopeMark = Selectable<EnvelopeMarksTable>;
export type MemberAction = Selectable<MemberActionsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type OAuthGrant = Selectable<OAuthGrantsTable>;
export type Approval = Selectable<ApprovalsTable>;
export type JobRow = Selectable<JobsTable>;
export type Monitor = Selectable<MonitorsTable>;
export type MonitorCheck = Selectable<MonitorChecksTable>;
export type MonitorFiring = Selectable<MonitorFiringsTable>;
export type OAuthOwnedClient = Selectable<OAuthOwnedClientsTable>;
export type SandboxObject = Selectable<SandboxObjectsTable>;
export type SandboxToken = Selectable<SandboxTokensTable>;
export type AssetBundle = Selectable<AssetBundlesTable>;
export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type NotificationEvent = Selectable<NotificationEventsTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
