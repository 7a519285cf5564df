import type { Caller } from '../caller.ts';
import { newId } from '../ids.ts';
import { rowOfLimits } from '../key-limits.ts';
import { approvalRequested } from '../notifications/approval-events.ts';
import { PLATFORM_INFO } from '../platform-families.ts';
import { findApiKeyName } from '../storage/api-keys.ts';
import { insertApproval } from '../storage/approvals.ts';
import type { AdAccount, Approval } from '../storage/schema.ts';
import { type ApprovalChange, approvalObject, approveUrl } from '../tools/approvals/approval-object.ts';
import type { Change } from '../tools/changes/change.ts';
import type { Tool } from '../tools/tool.ts';
import type { PipelineServices } from './pipeline-services.ts';
import { impactOf } from './spend-guardrails.ts';

/** Raised by a change that must wait for the owner: the pipeline stores it and answers 202. */
export class ApprovalNeeded extends Error {
  readonly reason: string;
  readonly change: Change;

  constructor(reason: string, change: Change) {
    super(reason);
    this.reason = reason;
    this.change = change;
  }
}

/** Who asked, as the owner knows them: the key's name, or the app's. */
async function requesterOf(services: PipelineServices, caller: Caller): Promise<string> {
  if (caller.oauth) return `app ${caller.oauth.clientName}`;
  if (!caller.apiKeyId) return 'the owner';
  const name = await findApiKeyName(services.storage.db, caller.apiKeyId);
  return `key ${name ?? caller.apiKeyId}`;
}

/** Stores the change as a pending approval (a plan, docs/approvals.md) and says what the agent does next. */
export async function requestApproval(
  services: PipelineServices,
  caller: Caller,
  tool: Tool,
  call: { args: Record<string, unknown>; account: AdAccount | null; requestId: string },
  needed: ApprovalNeeded,
): Promise<{ text: string; structured: Record<string, unknown> }> {
  const { config, clock, storage } = services;
  const now = clock.now();
  const { change, reason } = needed;
  const impact = impactOf(change, now);
  const { dry_run: _dryRun, ...asked } = call.args;
  // The account as resolved, so the approved change goes to it whatever is connected by then.
  const args =
    tool.platform && call.account
      ? { ...asked, [PLATFORM_INFO[tool.platform].accountArgument]: call.account.account_id }
      : asked;
  const stored: ApprovalChange = {
    tool: tool.name,
    platform: tool.platform,
    account: call.account?.account_id ?? null,
    object: change.object,
    what: change.what,
    currency: impact.currency,
    before: change.shown.before,
    after: change.shown.after,
    projected_daily_delta: impact.projected_daily_delta,
    projected_period_delta: impact.projected_period_delta,
    period_end: impact.period_end,
  };
  const approval: Approval = {
    id: newId('apr'),
    user_id: caller.userId,
    status: 'pending',
    reason,
    tool: tool.name,
    arguments: JSON.stringify(args),
    platform: tool.platform,
    account_id: call.account?.account_id ?? null,
    api_key_id: caller.apiKeyId,
    oauth_client_id: caller.oauth?.clientId ?? null,
    oauth_grant_id: caller.oauth?.grantId ?? null,
    requested_by: await requesterOf(services, caller),
    limits: JSON.stringify(rowOfLimits(caller.limits)),
    request_id: call.requestId,
    change: JSON.stringify(stored),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + config.approvalTtlHours * 3_600_000).toISOString(),
    decided_at: null,
    decided_by: null,
    first_approved_by: null,
    first_approved_at: null,
    result: null,
  };
  await insertApproval(storage.db, approval);
  await approvalRequested(services, approval);
  const platform = tool.platform ? PLATFORM_INFO[tool.platform].label : 'the platform';
  return {
    text:
      `Not applied yet: the owner must approve this change (${change.what}). ${reason} Nothing was sent ` +
      `to ${platform}. The owner approves or rejects it at ${approveUrl(config.appUrl, approval.id)} ` +
      `before ${approval.expires_at}; follow up with get_approval {"approval_id": "${approval.id}"}. ` +
      'Do not repeat the call: a repeat asks for a second approval (unless it carries the same Idempotency-Key).',
    structured: { approval: approvalObject(approval, config.appUrl, now) },
  };
}
