import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import { PLATFORM_INFO } from '../platform-families.ts';
import { appliedRevertOf, findAuditEntry } from '../storage/audit.ts';
import type { User } from '../storage/schema.ts';
import type { Change, ObjectRef } from '../tools/changes/change.ts';
import type { Tool } from '../tools/tool.ts';
import { driftOf } from './drift.ts';
import { type ActingMember, ownerCaller } from './owner-caller.ts';
import { OwnerError } from './owner-error.ts';
import { runOnce } from './run-once.ts';

/** What the owner is told of a revert. */
export interface RevertOutcome {
  kind: 'reverted' | 'already_reverted' | 'refused';
  /** For the owner, in a sentence. */
  message: string;
}

/** How a change is undone: its tool, called again with the values the object had before. */
export interface RevertPlan {
  tool: Tool;
  arguments: Record<string, unknown>;
  /** What the change left the object showing: the revert is applied only while it still does. */
  after: Record<string, unknown>;
  /** The fields put back, each with the value it goes back to. */
  restores: Record<string, unknown>;
}

type Shown = Record<string, unknown>;

function isShown(value: unknown): value is Shown {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function isRef(value: unknown): value is ObjectRef {
  return isShown(value) && typeof value.kind === 'string' && typeof value.id === 'string';
}

/**
 * The objects an audit row's change acted on: as the pipeline noted them, or, on rows written before it
 * did, the campaign its arguments named.
 */
function objectsOf(details: Record<string, unknown>): ObjectRef[] | undefined {
  const { objects, campaign_id: campaignId } = details;
  if (Array.isArray(objects)) return objects.every(isRef) && objects.length > 0 ? objects : undefined;
  return typeof campaignId === 'string' ? [{ kind: 'campaign', id: campaignId }] : undefined;
}

/**
 * How the change of an audit row is undone, or why it cannot be. A change can be reverted when it was
 * applied and noted what it changed (before and after, and the objects), its tool can address those
 * objects again, and every field it changed is an argument of its tool with a value to go back to.
 */
export function revertPlan(
  tools: ReadonlyMap<string, Tool>,
  row: { tool: string; status: number; dry_run?: number; account_id: string | null; details: string | null },
): RevertPlan | { refused: string } {
  if (row.status !== 200 || row.dry_run)
    return { refused: 'Only a change that was applied can be reverted.' };
  const tool = tools.get(row.tool);
  const details = row.details ? (JSON.parse(row.details) as Record<string, unknown>) : {};
  const { before, after } = details;
  const objects = objectsOf(details);
  const address = tool?.changes?.creates ? undefined : tool?.changes?.address;
  if (!tool?.platform || !row.account_id || !objects || !address || !isShown(before) || !isShown(after)) {
    return { refused: `A ${row.tool} call keeps no before and after to go back to: it cannot be reverted.` };
  }
  const shape = tool.input.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  // `platform_status` is the platform's word for `status`: putting the status back puts it back too.
  const changed = Object.keys(after).filter(
    (field) => field !== 'platform_status' && !same(before[field], after[field]),
  );
  if (changed.length === 0) return { refused: 'This change changed nothing: there is nothing to revert.' };
  const restores: Shown = {};
  for (const field of changed) {
    const schema = shape[field];
    if (!schema) return { refused: `${row.tool} cannot set ${field}: change it on the platform itself.` };
    const value = before[field];
    if (value === null || value === undefined) {
      return {
        refused: `It had no ${field} before the change: ${row.tool} cannot set it back to none.`,
      };
    }
    // The shown values are the answer's (amounts as decimal strings): passed as the tool takes them.
    const asArgument = schema.safeParse(value).success ? value : Number(value);
    if (!schema.safeParse(asArgument).success) {
      return {
        refused: `${row.tool} does not take ${field} ${JSON.stringify(value)}: change it on the platform itself.`,
      };
    }
    restores[field] = asArgument;
  }
  const accountArgument = PLATFORM_INFO[tool.platform].accountArgument;
  return {
    tool,
    arguments: { ...address(objects), [accountArgument]: row.account_id, ...restores },
    after,
    restores,
  };
}

/**
 * A revert is applied only to the objects as the change left them: undoing a change someone made since
 * would overwrite theirs. So a revert sets exactly the values they had before the change, never more spend
 * than they had then.
 */
function checkRevertDrift(after: Record<string, unknown>, change: Change): void {
  const { changed, now, subject, words } = driftOf(after, change);
  if (changed.length === 0) return;
  throw new AppError(
    'revert_drifted',
    `${subject} changed since this change was made: ${words}. Nothing was written: reverting would undo ` +
      'the later change too. Make the change you want from it as it is now.',
    { structuredContent: { changed, after_the_change: after, now } },
  );
}

/**
 * The owner undoes a change from the history: its tool is called again, through the ordinary pipeline, as
 * the owner, with the values the object had before. The call's idempotency key is derived from the
 * change, so a second revert, or one on another instance, gets the first's answer and writes nothing. The
 * tool reads the object live: if it no longer shows what the change left, the revert is refused
 * (`revert_drifted`) and says what changed, since it would undo the later change too. Reverts are not
 * billed: an empty quota must not keep the owner from undoing an agent's change.
 */
export async function revertChange(
  services: PipelineServices,
  owner: User,
  changeId: string,
  member?: ActingMember,
): Promise<RevertOutcome> {
  const row = await findAuditEntry(services.storage.db, owner.id, changeId);
  if (!row) throw new OwnerError(`No change ${changeId} for ${owner.email}.`);
  const earlier = await appliedRevertOf(services.storage.db, owner.id, changeId);
  if (earlier) {
    return {
      kind: 'already_reverted',
      message: `Already reverted on ${earlier.created_at.slice(0, 16).replace('T', ' ')} UTC: nothing was sent again.`,
    };
  }
  const plan = revertPlan(services.tools, row);
  if ('refused' in plan) return { kind: 'refused', message: plan.refused };
  const run = () =>
    executeTool(services, ownerCaller(owner, member), plan.tool.name, plan.arguments, {
      requestId: newId('req'),
      mode: {
        kind: 'revert',
        changeId,
        revertedBy: member?.email ?? owner.email,
        check: (change) => checkRevertDrift(plan.after, change),
      },
    });
  const { outcome, replayed } = await runOnce(run, services.config.callLeaseSeconds);
  if (!outcome.ok) return { kind: 'refused', message: outcome.message };
  if (replayed) return { kind: 'already_reverted', message: `Already reverted: ${outcome.data.text}` };
  return { kind: 'reverted', message: `Reverted: ${outcome.data.text}` };
}
