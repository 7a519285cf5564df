import { magicFault } from '../faults.ts';
import { DATE_RANGES, type DaySelection, dateLiteral, daySelection, monthsBefore } from './dates.ts';
import {
  CORE_DATE_SEGMENTS,
  categoryOf,
  FIELDS,
  type FieldSpec,
  ownerOf,
  RESOURCES,
  type ResourceSpec,
} from './fields.ts';
import { type Condition, GaqlError, type GaqlQuery, type Literal } from './gaql.ts';

/** How far back Google keeps metrics segmented by day (DateRangeError.REQUESTED_DATE_GRANULARITY_NOT_SUPPORTED). */
const DAILY_LOOKBACK_MONTHS = 37;

/** A checked query, with the days its `segments.date` conditions allow. */
export interface QueryPlan {
  query: GaqlQuery;
  resource: ResourceSpec;
  /** Whether it selects or filters on metrics or date segments: a report, not a plain listing. */
  reports: boolean;
  /** Whether `segments.date` is selected: one row per day, days with nothing left out. */
  byDay: boolean;
  days: DaySelection;
}

type Clause = 'SELECT' | 'WHERE' | 'ORDER BY';

function specOf(field: string, resourceName: string, resource: ResourceSpec, clause: Clause): FieldSpec {
  const spec = FIELDS[field];
  if (!spec) throw new GaqlError('UNRECOGNIZED_FIELD', `Unrecognized field in the query: '${field}'.`);
  const category = categoryOf(field);
  if (category !== 'attribute' && !resource.reports) {
    const code =
      category === 'metric'
        ? 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE'
        : 'PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE';
    throw new GaqlError(
      code,
      `Cannot use '${field}' in a query FROM ${resourceName}: the sandbox reports metrics and date segments ` +
        `FROM ${Object.keys(RESOURCES)
          .filter((name) => RESOURCES[name]?.reports)
          .join(', ')} only.`,
    );
  }
  if (field.startsWith('segments.keyword.') && resourceName !== 'search_term_view') {
    throw new GaqlError(
      'PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE',
      `Cannot use '${field}' in a query FROM ${resourceName}: the sandbox segments by keyword FROM search_term_view.`,
    );
  }
  if (category === 'attribute' && !resource.carries.includes(ownerOf(field))) {
    const code =
      clause === 'ORDER BY'
        ? 'PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE'
        : `PROHIBITED_RESOURCE_TYPE_IN_${clause}_CLAUSE`;
    throw new GaqlError(
      code,
      `Cannot use the field '${field}' in the ${clause} clause of a query FROM ${resourceName}.`,
    );
  }
  return spec;
}

function describeKind(spec: FieldSpec): string {
  return spec.kind === 'bool' ? 'boolean (TRUE or FALSE)' : `${spec.kind} field`;
}

/** The value fits the field's type, as Google's query validation has it. */
function checkValue(field: string, spec: FieldSpec, literal: Literal): void {
  if ((spec.kind === 'bool') !== (literal.kind === 'bool')) {
    throw new GaqlError(
      'BAD_VALUE',
      `Error in query: ${literal.value} does not fit '${field}', a ${describeKind(spec)}.`,
    );
  }
  switch (spec.kind) {
    case 'enum':
      if (literal.kind === 'number' || !spec.values?.includes(literal.value)) {
        throw new GaqlError(
          'BAD_ENUM_CONSTANT',
          `Error in query: invalid enum value ${literal.value} for '${field}'.`,
        );
      }
      return;
    case 'int64': {
      const isId =
        literal.kind === 'number' ? /^-?\d+$/.test(literal.value) : magicFault(literal.value) !== undefined;
      if (!isId) {
        throw new GaqlError(
          'BAD_NUMBER',
          `Error in query: '${literal.value}' is not a valid number for '${field}'.`,
        );
      }
      return;
    }
    case 'double':
      if (literal.kind !== 'number') {
        throw new GaqlError(
          'BAD_NUMBER',
          `Error in query: '${literal.value}' is not a valid number for '${field}'.`,
        );
      }
      return;
    case 'date':
      if (literal.kind !== 'string' || dateLiteral(literal.value) === undefined) {
        throw new GaqlError(
          'INVALID_DATE_FORMAT',
          `Error in query: '${literal.value}' is not a date for '${field}'. Expected 'YYYY-MM-DD' (or 'YYYYMMDD').`,
        );
      }
      return;
    case 'string':
      if (literal.kind !== 'string') {
        throw new GaqlError(
          'INVALID_STRING_VALUE',
          `Error in query: ${literal.value} is not a quoted string, as '${field}' needs.`,
        );
      }
      return;
    default:
      return;
  }
}

function checkCondition(condition: Condition, spec: FieldSpec): void {
  const { field, operator, values } = condition;
  if (spec.kind === 'repeated') {
    throw new GaqlError(
      'BAD_OPERATOR',
      `Error in query: the repeated field '${field}' cannot be compared with ${operator}.`,
    );
  }
  const mismatch = (why: string) =>
    new GaqlError('OPERATOR_FIELD_MISMATCH', `Error in query: ${operator} cannot filter '${field}': ${why}.`);
  if (operator === 'DURING') {
    if (spec.kind !== 'date') throw mismatch('DURING takes a date field, like segments.date');
    const [range] = values;
    if (range?.kind !== 'word' || !(DATE_RANGES as readonly string[]).includes(range.value)) {
      throw new GaqlError(
        'INVALID_VALUE_WITH_DURING_OPERATOR',
        `Error in query: DURING takes a predefined date range (${DATE_RANGES.join(', ')}), not ${range?.value}.`,
      );
    }
    return;
  }
  if (operator === 'BETWEEN') {
    if (!['date', 'int64', 'double'].includes(spec.kind)) throw mismatch('BETWEEN takes dates or numbers');
    const [low, high] = values as [Literal, Literal];
    if (low.kind !== high.kind) {
      throw new GaqlError(
        'PROHIBITED_VALUE_COMBINATION_WITH_BETWEEN_OPERATOR',
        `Error in query: the two values of BETWEEN on '${field}' must be of one type.`,
      );
    }
    if (spec.kind === 'date') {
      const [start, end] = [dateLiteral(low.value), dateLiteral(high.value)];
      if (low.kind !== 'string' || start === undefined || end === undefined) {
        throw new GaqlError(
          'INVALID_VALUE_WITH_BETWEEN_OPERATOR',
          `Error in query: BETWEEN on '${field}' takes two dates like '2026-11-01', not ${low.value} and ${high.value}.`,
        );
      }
      if (start > end) {
        throw new GaqlError(
          'DATE_RANGE_TOO_NARROW',
          `Error in query: the date range of '${field}' starts (${start}) after it ends (${end}).`,
        );
      }
      return;
    }
  }
  if (['>', '>=', '<', '<='].includes(operator) && (spec.kind === 'enum' || spec.kind === 'bool')) {
    throw mismatch(`an ${spec.kind} is compared with = != IN or NOT IN`);
  }
  for (const literal of values) checkValue(field, spec, literal);
}

/** Whether the conditions bound `segments.date` on both sides. */
function finiteDates(conditions: Condition[]): boolean {
  const operators = conditions.filter((c) => c.field === 'segments.date').map((c) => c.operator);
  const closed = operators.some((op) => ['=', 'IN', 'BETWEEN', 'DURING'].includes(op));
  const from = operators.some((op) => op === '>' || op === '>=');
  const until = operators.some((op) => op === '<' || op === '<=');
  return closed || (from && until);
}

/**
 * Checks a parsed query as Google does before running it: the resource, every field in each clause, each
 * condition's operator and values, what ORDER BY may name, the date filter a date segment needs and how
 * far back daily rows go. `today` is the customer's. Returns the plan the rows are made from.
 */
export function planQuery(query: GaqlQuery, today: string): QueryPlan {
  const resource = RESOURCES[query.resource];
  if (!resource) {
    throw new GaqlError(
      'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE',
      `Error in query: the sandbox cannot query FROM '${query.resource}'; it serves ${Object.keys(RESOURCES).join(', ')}.`,
    );
  }
  const selected = new Set(query.fields);
  for (const field of query.fields) specOf(field, query.resource, resource, 'SELECT');
  for (const condition of query.conditions) {
    const spec = specOf(condition.field, query.resource, resource, 'WHERE');
    if (
      categoryOf(condition.field) === 'segment' &&
      !CORE_DATE_SEGMENTS.includes(condition.field) &&
      !selected.has(condition.field)
    ) {
      throw new GaqlError(
        'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE',
        `Error in query: '${condition.field}' is filtered on but not selected.`,
      );
    }
    checkCondition(condition, spec);
  }
  const selectedOwners = new Set(query.fields.map(ownerOf));
  for (const { field } of query.orderings) {
    const spec = specOf(field, query.resource, resource, 'ORDER BY');
    if (spec.kind === 'repeated') {
      throw new GaqlError(
        'PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE',
        `Error in query: the repeated field '${field}' cannot be ordered by.`,
      );
    }
    const category = categoryOf(field);
    const owner = ownerOf(field);
    const unselected =
      category === 'attribute'
        ? owner !== query.resource && !selectedOwners.has(owner)
        : !selected.has(field);
    if (unselected) {
      throw new GaqlError(
        'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE',
        `Error in query: ORDER BY '${field}' needs ${category === 'attribute' ? `a field of ${owner}` : `'${field}'`} in the SELECT clause.`,
      );
    }
  }
  const byDay = selected.has('segments.date');
  const dateConditions = query.conditions.filter((c) => c.field === 'segments.date');
  if (byDay && !finiteDates(dateConditions)) {
    throw new GaqlError(
      'EXPECTED_FILTERS_ON_DATE_RANGE',
      'Error in query: segments.date is selected, so the WHERE clause must limit segments.date to a finite ' +
        "range, like segments.date BETWEEN '2026-11-01' AND '2026-11-22' or segments.date DURING LAST_30_DAYS.",
    );
  }
  const days = daySelection(dateConditions, today);
  if (days.start !== undefined && days.end !== undefined && days.start > days.end) {
    throw new GaqlError(
      'DATE_RANGE_TOO_NARROW',
      `Error in query: the segments.date filters leave no day (from ${days.start} to ${days.end}).`,
    );
  }
  const oldest = monthsBefore(today, DAILY_LOOKBACK_MONTHS);
  if (byDay && days.start !== undefined && days.start < oldest) {
    throw new GaqlError(
      'REQUESTED_DATE_GRANULARITY_NOT_SUPPORTED',
      `Metrics segmented by day are only available for the last ${DAILY_LOOKBACK_MONTHS} months (from ${oldest}); ` +
        `the query asks from ${days.start}.`,
      'dateRangeError',
    );
  }
  const reports = [...query.fields, ...query.conditions.map((c) => c.field)].some(
    (field) => categoryOf(field) !== 'attribute',
  );
  return { query, resource, reports, byDay, days };
}
