import type { ChangeRow } from '../storage/change-history.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import { csvLine } from '../web/csv.ts';
import { shown } from './approval-view.ts';
import { type ChangeView, describeChange } from './change-view.ts';

const HEADER = [
  'time',
  'who',
  'tool',
  'platform',
  'account',
  'object',
  'changed_fields',
  'before',
  'after',
  'status',
  'code',
  'request_id',
  'idempotency_key',
  'id',
];

/** The changed fields, and their values before and after, each list in the same order, `; ` between. */
function record(change: ChangeView): string[] {
  const { row, changed } = change;
  return [
    row.created_at,
    change.who,
    row.tool,
    change.platform ?? '',
    row.account_id ?? '',
    change.object === '—' ? '' : change.object,
    changed.map((field) => field.field).join('; '),
    changed.map((field) => shown(field.before)).join('; '),
    changed.map((field) => shown(field.after)).join('; '),
    String(row.status),
    row.code ?? '',
    row.request_id,
    row.idempotency_key ?? '',
    row.id,
  ];
}

/** The CSV of the changes, line by line, its header first (RFC 4180, UTF-8, formula cells neutralised). */
export async function* activityCsv(
  rows: AsyncIterable<ChangeRow>,
  tools: ToolRegistry,
): AsyncGenerator<string> {
  yield csvLine(HEADER);
  for await (const row of rows) yield csvLine(record(describeChange(row, tools)));
}

/** `adops-activity-2026-11-22.csv`: the day of the export, UTC. */
export function csvFileName(now: Date): string {
  return `adops-activity-${now.toISOString().slice(0, 10)}.csv`;
}
