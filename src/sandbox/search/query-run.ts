import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { SandboxStore } from '../store.ts';
import { Breakdown } from './breakdown.ts';
import { dateLiteral } from './dates.ts';
import { categoryOf, FIELDS } from './fields.ts';
import { type Condition, GaqlError, type Ordering } from './gaql.ts';
import type { QueryPlan } from './query-check.ts';
import { metricsResource, summedMetrics, withMetrics } from './reporting.ts';
import { rowsOf } from './resource-rows.ts';
import { customerOf, type Row } from './resources.ts';

/** Field names are few and every row of every answer spells them: each is turned into camelCase once. */
const camelNames = new Map<string, string>();
function camel(name: string): string {
  let spelled = camelNames.get(name);
  if (spelled === undefined) {
    spelled = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    // Names come from queries the emulator accepted (GAQL fields it serves), so this stays small.
    camelNames.set(name, spelled);
  }
  return spelled;
}

/** Each field's owner and path, split once. */
const fieldPaths = new Map<string, string[]>();
function pathOf(field: string): string[] {
  let path = fieldPaths.get(field);
  if (!path) {
    path = field.split('.');
    fieldPaths.set(field, path);
  }
  return path;
}

function valueAt(row: Row, field: string): unknown {
  const [owner = '', ...path] = pathOf(field);
  let value: unknown = row[owner];
  for (const name of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[camel(name)];
  }
  return value;
}

/** A value as the field's type compares it: numbers for numeric fields, text otherwise. */
function comparable(field: string, value: unknown): number | string {
  const kind = FIELDS[field]?.kind;
  if (kind === 'int64' || kind === 'double') return Number(value);
  if (kind === 'date') return dateLiteral(String(value)) ?? String(value);
  return String(value);
}

function holds(row: Row, condition: Condition): boolean {
  const { field, operator } = condition;
  const raw = valueAt(row, field);
  if (raw === undefined) return operator === '!=' || operator === 'NOT IN';
  const value = comparable(field, raw);
  const values = condition.values.map((literal) => comparable(field, literal.value));
  const [first = '', second = ''] = values;
  switch (operator) {
    case '=':
      return value === first;
    case '!=':
      return value !== first;
    case '>':
      return value > first;
    case '>=':
      return value >= first;
    case '<':
      return value < first;
    case '<=':
      return value <= first;
    case 'IN':
      return values.includes(value);
    case 'NOT IN':
      return !values.includes(value);
    case 'BETWEEN':
      return value >= first && value <= second;
    case 'DURING':
      return true;
  }
}

function compare(a: Row, b: Row, orderings: Ordering[]): number {
  for (const { field, descending } of orderings) {
    const [x, y] = [valueAt(a, field), valueAt(b, field)];
    if (x === y) continue;
    // Google puts rows without the value first when ascending.
    if (x === undefined) return descending ? 1 : -1;
    if (y === undefined) return descending ? -1 : 1;
    const [left, right] = [comparable(field, x), comparable(field, y)];
    if (left === right) continue;
    const order = left < right ? -1 : 1;
    return descending ? -order : order;
  }
  return 0;
}

/** The selected fields of a row, shaped as Google's JSON: `{campaign: {resourceName, id, ...}, metrics: {...}}`. */
function project(row: Row, plan: QueryPlan): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {};
  // The resource in FROM always comes back with its resource name, selected or not (implicit segmentation).
  const main = row[plan.query.resource]?.resourceName;
  if (main !== undefined) out[camel(plan.query.resource)] = { resourceName: main };
  for (const field of plan.query.fields) {
    const [owner = '', ...path] = pathOf(field);
    const top = camel(owner);
    const resourceName = categoryOf(field) === 'attribute' ? row[owner]?.resourceName : undefined;
    const resource = out[top] ?? (resourceName === undefined ? {} : { resourceName });
    out[top] = resource;
    const value = valueAt(row, field);
    if (value === undefined) continue;
    let target = resource;
    for (const name of path.slice(0, -1)) {
      const next = (target[camel(name)] ?? {}) as Record<string, unknown>;
      target[camel(name)] = next;
      target = next;
    }
    target[camel(path.at(-1) ?? '')] = value;
  }
  return out;
}

export interface QueryAnswer {
  rows: Array<Record<string, unknown>>;
  /** How many rows matched, LIMIT aside. */
  total: number;
  /** The metrics of the returned rows summed, ratios of the sums: Google's summary row. */
  summary: Record<string, unknown> | undefined;
}

/**
 * Runs a checked query over the customer's sandbox objects: the rows in a stable order (creation order
 * unless ORDER BY says otherwise), for paging, up to its LIMIT, as of `now` (today's metrics accrue).
 */
export async function runQuery(
  store: SandboxStore,
  db: Kysely<Database>,
  customerId: string,
  plan: QueryPlan,
  now: Date,
): Promise<QueryAnswer> {
  const { query } = plan;
  const customer = await customerOf(store, customerId);
  if (plan.reports && customer.manager === true) {
    throw new GaqlError(
      'REQUESTED_METRICS_FOR_MANAGER',
      'Metrics cannot be requested for a manager account. To retrieve metrics, issue separate requests ' +
        'against each client account under the manager account.',
    );
  }
  const attributeConditions = query.conditions.filter((c) => categoryOf(c.field) === 'attribute');
  // Date conditions choose the days the metrics are made of (withMetrics); metric conditions filter the sums.
  const metricConditions = query.conditions.filter((c) => categoryOf(c.field) === 'metric');
  let rows = (await rowsOf(store, query.resource, customerId)).filter((row) =>
    attributeConditions.every((condition) => holds(row, condition)),
  );
  if (plan.reports) {
    rows = await withMetrics(db, rows, {
      days: plan.days,
      byDay: plan.byDay,
      selected: query.fields,
      now,
      currency: String(customer.currencyCode ?? 'USD'),
      ...(query.resource !== 'campaign' && {
        below: { resource: query.resource, breakdown: await Breakdown.load(store, customerId) },
      }),
    });
    rows = rows.filter((row) => metricConditions.every((condition) => holds(row, condition)));
  }
  if (query.orderings.length > 0) rows = [...rows].sort((a, b) => compare(a, b, query.orderings));
  const limited = rows.slice(0, query.limit ?? rows.length);
  const selectsMetrics = query.fields.some((field) => categoryOf(field) === 'metric');
  return {
    rows: limited.map((row) => project(row, plan)),
    total: rows.length,
    summary: selectsMetrics ? summaryRow(limited, plan) : undefined,
  };
}

function summaryRow(rows: Row[], plan: QueryPlan): Record<string, unknown> {
  const all = metricsResource(summedMetrics(rows));
  const metrics = Object.fromEntries(
    plan.query.fields
      .filter((field) => categoryOf(field) === 'metric')
      .map((field) => camel(field.slice('metrics.'.length)))
      .filter((name) => all[name] !== undefined)
      .map((name) => [name, all[name]]),
  );
  return { metrics };
}
