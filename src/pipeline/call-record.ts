import type { Caller } from '../caller.ts';
import { newId } from '../ids.ts';
import type { ClaimHandle } from '../storage/idempotency.ts';
import type { MoneyChangeRow } from '../storage/money-changes.ts';
import type { AdAccount, AuditEntry } from '../storage/schema.ts';
import { type Change, liftsObject } from '../tools/changes/change.ts';
import type { Tool, ToolContext } from '../tools/tool.ts';
import { auditedToolName } from './audit-log.ts';
import type { CallMode } from './call-mode.ts';
import type { Failure, Outcome } from './outcome.ts';
import type { QuotaHold } from './quota-hold.ts';
import type { ClaimFate } from './settle-call.ts';

/** What the audit row and the settlement need to know, filled in as the call goes through the steps. */
export interface CallRecord {
  tool: Tool | undefined;
  account: AdAccount | null;
  dryRun: boolean;
  replayed: boolean;
  fingerprint: string | null;
  details: Record<string, unknown> | null;
  trace: ToolContext['trace'];
  /** The idempotency record this attempt holds, and what becomes of it. */
  claim?: { handle: ClaimHandle; earlierRecovery: string | null | undefined; fate?: ClaimFate };
  /** The quota unit this call holds, `billed` once the call ended in success. */
  hold?: QuotaHold & { billed: boolean };
  /** The change the tool asked the caller's limits for (`authorizeChange`). */
  change?: Change;
  /** What the call changed, as the tool noted it (`noteChange`). */
  made?: Change;
  /** In a dry run: why applying the change would wait for the owner's approval. */
  approvalNeeded?: string;
  /** A call let through as a stop: the refusal it gets if it turns out to start or raise spend, or stop nothing. */
  onlyIfStop?: Failure;
  /** A stop that runs free: the units used when the quota refused it. */
  freeStopUsed?: number;
  /** The agent write this call holds in flight (src/pipeline/write-fence.ts), ended with its settlement. */
  write?: string;
}

export function newRecord(): CallRecord {
  return {
    tool: undefined,
    account: null,
    dryRun: false,
    replayed: false,
    fingerprint: null,
    details: null,
    trace: { upstreamRequestIds: [], createdObjectIds: [] },
  };
}

/** The audit row's details once the tool noted what it changed: the object, before and after. */
export function noteMade(record: CallRecord, change: Change): void {
  record.made = change;
  record.details = {
    ...record.details,
    object: change.object,
    objects: change.objects.map(({ ref }) => ref),
    before: change.shown.before,
    after: change.shown.after,
  };
}

function jsonList(values: string[]): string | null {
  return values.length > 0 ? JSON.stringify(values) : null;
}

export function auditEntry(
  caller: Caller,
  toolName: string,
  context: { requestId: string; mode: CallMode; now: Date; latencyMs: number },
  record: CallRecord,
  outcome: Outcome,
): AuditEntry {
  return {
    id: newId('aud'),
    created_at: context.now.toISOString(),
    request_id: context.requestId,
    user_id: caller.userId,
    api_key_id: caller.apiKeyId,
    oauth_client_id: caller.oauth?.clientId ?? null,
    person_id: caller.personId ?? null,
    tool: auditedToolName(toolName),
    account_id: record.account?.account_id ?? null,
    status: outcome.status,
    code: outcome.ok ? null : outcome.code,
    latency_ms: Math.round(context.latencyMs),
    billable: record.hold?.billed ? 1 : 0,
    replayed: record.replayed ? 1 : 0,
    dry_run: record.dryRun ? 1 : 0,
    fingerprint: record.fingerprint,
    details: record.details && JSON.stringify(record.details),
    upstream_request_ids: jsonList(record.trace.upstreamRequestIds),
    created_object_ids: jsonList(record.trace.createdObjectIds),
    // The key the call claimed: a client-chosen UUID or the service's own, no secret, shown on the history.
    idempotency_key: record.claim?.handle.key ?? null,
    reverts: typeof record.details?.reverts === 'string' ? record.details.reverts : null,
    monitor_id: context.mode.kind === 'monitor' ? context.mode.monitorId : null,
    agency_client_id: context.mode.kind === 'envelope' ? context.mode.clientId : null,
  };
}

function storedValue(value: number | boolean | null): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/**
 * The money fields a write moved, one row each, kept with its audit row: the history the guardrails judge
 * raises from, and what "stop all agents" pauses (src/storage/money-changes.ts).
 */
export function moneyRows(
  caller: Caller,
  mode: CallMode,
  record: CallRecord,
  audit: AuditEntry,
): MoneyChangeRow[] {
  const made = record.made;
  if (!made || record.dryRun || !record.account || !record.tool) return [];
  const byAgent = mode.kind !== 'monitor' && (caller.apiKeyId !== null || caller.oauth !== undefined);
  const rows: MoneyChangeRow[] = [];
  for (const object of made.objects) {
    const lifted = liftsObject(object) ? 1 : 0;
    for (const field of object.fields) {
      if (field.money === 'none') continue;
      rows.push({
        id: newId('mch'),
        user_id: caller.userId,
        audit_id: audit.id,
        created_at: audit.created_at,
        tool: record.tool.name,
        platform: record.account.platform,
        account_id: record.account.account_id,
        object_kind: object.ref.kind,
        object_id: object.ref.id,
        parent_id: object.ref.parentId ?? null,
        campaign_id: object.ref.campaignId ?? null,
        field: field.field,
        money: field.money,
        before_value: storedValue(field.before),
        after_value: storedValue(field.after),
        lifted,
        by_agent: byAgent ? 1 : 0,
      });
    }
  }
  return rows;
}
