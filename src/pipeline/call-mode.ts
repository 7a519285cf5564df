import type { Caller } from '../caller.ts';
import type { AppError } from '../errors.ts';
import type { Change } from '../tools/changes/change.ts';
import type { Tool } from '../tools/tool.ts';
import { parseIdempotencyKey } from './idempotency-key.ts';

/** A call through a door: billed, judged by the caller's guardrails, under the caller's own key if any. */
export interface DoorCall {
  kind: 'call';
  /** The raw `Idempotency-Key` value, checked here so every door applies the same rule. */
  idempotencyKey?: string | undefined;
  /**
   * The door's rate-limit refusal (429 `rate_limited`): the pipeline answers it unless the call asks only to
   * stop or lower spend, and then still answers it if the call turns out to start or raise spend, or to
   * stop nothing.
   */
  rateLimited?: AppError | undefined;
}

/**
 * A change the owner approved, applied as the key or app that asked: unbilled (the call that asked was),
 * checked by the owner's use case instead of the guardrails (src/owners/approvals.ts).
 */
export interface ApprovedRun {
  kind: 'approval';
  approvalId: string;
  /** The address of the member who approved, for the audit row. */
  approvedBy: string;
  /** Refuses the change as the tool now reads it when it is not the one approved (drift). */
  check(change: Change): void;
}

/** The owner undoing a change from the history: unbilled, checked by src/owners/revert-change.ts. */
export interface RevertRun {
  kind: 'revert';
  /** The audit row of the change. */
  changeId: string;
  revertedBy: string;
  check(change: Change): void;
}

/**
 * The owner acting in person through a console or CLI use case: a stop pausing campaigns, a monitor
 * suspended, edited or deleted. Unbilled (owner actions never are), and judged by no guardrail: the
 * guardrails are the owner's limits on agents, and these use cases only ever stop or change the
 * service's own objects.
 */
export interface OwnerRun {
  kind: 'owner';
}

/**
 * A monitor acting on a campaign: unbilled, under a key derived from the monitor, the campaign and the
 * period (absent for the dry run that reads the campaign first), so a retried check acts once.
 */
export interface MonitorRun {
  kind: 'monitor';
  monitorId: string;
  firing?: string | undefined;
}

/**
 * A client's monthly envelope pausing a running campaign (src/envelopes/): unbilled, under a key derived
 * from the client, the month and the campaign, so every check of the month, on any instance, pauses it once.
 */
export interface EnvelopeRun {
  kind: 'envelope';
  clientId: string;
  pause: string;
}

export type CallMode = DoorCall | ApprovedRun | RevertRun | OwnerRun | MonitorRun | EnvelopeRun;

/**
 * The idempotency key a call runs under. The service's own keys (approvals, reverts, monitors) are not
 * UUIDs, and a caller's key must be one: no key a caller sends can ever name a record of the service's.
 */
export function idempotencyKeyOf(mode: CallMode): string | undefined {
  switch (mode.kind) {
    case 'call':
      return parseIdempotencyKey(mode.idempotencyKey);
    case 'approval':
      return `approval:${mode.approvalId}`;
    case 'revert':
      return `revert:${mode.changeId}`;
    case 'monitor':
      return mode.firing && `monitor:${mode.firing}`;
    case 'envelope':
      return `envelope:${mode.pause}`;
    case 'owner':
      return undefined;
  }
}

/** Whether the call uses a quota unit: a door's billable call, its dry run too (a dry run is a read). */
export function isBilled(mode: CallMode, tool: Tool): boolean {
  return mode.kind === 'call' && tool.billable;
}

/** Whether the caller's spend guardrails judge the change (the owner's own runs check it themselves). */
export function isGuarded(mode: CallMode): boolean {
  return mode.kind === 'call' || mode.kind === 'monitor' || mode.kind === 'envelope';
}

/**
 * Whether the call acts for an agent (a key, an app, a monitor): such a write is fenced by "stop all
 * agents", which waits for it or refuses it (src/pipeline/write-fence.ts).
 */
export function actsForAgent(mode: CallMode, caller: Caller): boolean {
  if (mode.kind === 'monitor') return true;
  // The owner's own rules, which only stop spend: a stop has nothing to wait for in them.
  if (mode.kind === 'revert' || mode.kind === 'owner' || mode.kind === 'envelope') return false;
  return caller.apiKeyId !== null || caller.oauth !== undefined;
}

/** What the audit row's details say of the run beside the tool's own fields. */
export function modeDetails(mode: CallMode): Record<string, unknown> {
  switch (mode.kind) {
    case 'approval':
      return { approval_id: mode.approvalId, approved_by: mode.approvedBy };
    case 'revert':
      return { reverts: mode.changeId, reverted_by: mode.revertedBy };
    default:
      return {};
  }
}
