import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import type { ChangeRow } from '../storage/change-history.ts';
import { type ChangeKind, changeKindsOf } from '../tools/change-kinds.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import { shown } from './approval-view.ts';
import { callerLabel } from './caller-label.ts';

/** What the pipeline notes in an audit row's details beside the call's audited arguments. */
const NOTED = new Set([
  'before',
  'after',
  'object',
  'objects',
  'raised_spend',
  'target_campaign_id',
  'approval_id',
  'approved_by',
  'reverts',
]);

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface ChangeOutcome {
  /** `succeeded`, `waits for approval`, `failed`. */
  label: string;
}

/** One change as the history shows it, read once from its audit row. */
export interface ChangeView {
  row: ChangeRow;
  /** `key night agent`, `app ChatGPT`, `monitor Big spender`, the member's address, or `in person` (CLI). */
  who: string;
  platform: Platform | null;
  kinds: ChangeKind[];
  /** `“Summer sale” (campaign 123)`, `ad 456`, `new 789, 790`, or `—`. */
  object: string;
  /** The audited arguments: what the caller asked for, whatever became of it. */
  asked: Record<string, unknown>;
  /** The object's fields before and after, when the change was applied and noted them. */
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown> | undefined;
  /** The fields whose value differs between before and after, in the order the tool noted them. */
  changed: FieldChange[];
  outcome: ChangeOutcome;
  /** Set when the change applied an approval: its id and who approved. */
  approval: { id: string; approvedBy: string | undefined } | undefined;
  upstreamRequestIds: string[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsedObject(text: string | null): Json {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return isObject(value) ? value : {};
}

function parsedList(text: string | null): string[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.map(String) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function objectOf(details: Json, created: string[]): string {
  const campaign = text(details.campaign_id) ?? text(details.target_campaign_id);
  const before = isObject(details.before) ? details.before : {};
  const after = isObject(details.after) ? details.after : {};
  const name = text(after.name) ?? text(before.name) ?? text(details.campaign_name);
  // The name first, the id after it: `“Summer sale” (campaign 123)`.
  const named = (what: string) => (name === undefined ? what : `“${name}” (${what})`);
  // What the change engine noted it acted on: `ad group 123`, `3 keywords of ad group 456`.
  const object = text(details.object);
  if (object !== undefined && !object.startsWith('a new')) return named(object);
  if (campaign !== undefined && campaign !== 'new') return named(`campaign ${campaign}`);
  if (text(details.ad_id) !== undefined) return `ad ${text(details.ad_id)}`;
  if (created.length > 0) return named(`new ${created.join(', ')}`);
  return name === undefined ? '—' : `“${name}” (campaign)`;
}

function outcomeOf(status: number): ChangeOutcome {
  if (status === 200) return { label: 'succeeded' };
  if (status === 202) return { label: 'waits for approval' };
  return { label: 'failed' };
}

/**
 * The fields whose value differs, in the order the tool noted them. `platform_status` is the platform's
 * word for `status`, shown as the status when only it moved (a LinkedIn draft paused).
 */
function changedFields(before: Json | undefined, after: Json | undefined): FieldChange[] {
  if (!before || !after) return [];
  const differs = (field: string) => shown(before[field]) !== shown(after[field]);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => field !== 'platform_status',
  );
  return fields.flatMap((field) => {
    if (differs(field)) return [{ field, before: before[field], after: after[field] }];
    if (field === 'status' && differs('platform_status')) {
      return [{ field, before: before.platform_status, after: after.platform_status }];
    }
    return [];
  });
}

export function describeChange(row: ChangeRow, tools: ToolRegistry): ChangeView {
  const details = parsedObject(row.details);
  const asked = Object.fromEntries(Object.entries(details).filter(([field]) => !NOTED.has(field)));
  const tool = tools.get(row.tool);
  const before = isObject(details.before) ? details.before : undefined;
  const after = isObject(details.after) ? details.after : undefined;
  const approvalId = text(details.approval_id);
  return {
    row,
    who: callerLabel(row),
    platform: tool?.platform ?? null,
    kinds: changeKindsOf(tool, asked),
    object: objectOf(details, parsedList(row.created_object_ids)),
    asked,
    before,
    after,
    changed: changedFields(before, after),
    outcome: outcomeOf(row.status),
    approval: approvalId ? { id: approvalId, approvedBy: text(details.approved_by) } : undefined,
    upstreamRequestIds: parsedList(row.upstream_request_ids),
  };
}

/** `Google Ads (search)`, or `—` for a tool of no platform. */
export function platformLabel(platform: Platform | null): string {
  return platform ? PLATFORM_INFO[platform].label : '—';
}

/** `status: ENABLED → PAUSED; daily_budget: 70.00 → 50.00`, or what was asked when nothing was noted. */
export function changeSummary(change: ChangeView): string {
  if (change.changed.length > 0) {
    return change.changed
      .map((field) => `${field.field}: ${shown(field.before)} → ${shown(field.after)}`)
      .join('; ');
  }
  const asked = Object.entries(change.asked).filter(([field]) => field !== 'campaign_id');
  if (asked.length === 0) return '';
  return `asked ${asked.map(([field, value]) => `${field} ${shown(value)}`).join(', ')}`;
}
