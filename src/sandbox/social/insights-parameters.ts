import { EFFECTIVE_STATUS_FILTER } from './campaigns.ts';
import { beyondMaximum, DATE_PRESETS, type DatePreset, presetRange } from './date-presets.ts';
import type { GraphErrorBody } from './graph.ts';
import { parseFields } from './graph.ts';
import { type Breakdown, readBreakdowns } from './insights-breakdowns.ts';
import { ADS_INSIGHTS_FIELDS } from './insights-fields.ts';
import type { Query } from './request.ts';
import { parseTimeRange } from './time-range.ts';

/** Every parameter of `GET /act_{id}/insights` (its reference; the SDKs' `get_insights` param types). */
export const INSIGHTS_PARAMETERS = [
  'access_token',
  'appsecret_proof',
  'fields',
  'limit',
  'after',
  'before',
  'action_attribution_windows',
  'action_breakdowns',
  'action_report_time',
  'breakdowns',
  'date_preset',
  'default_summary',
  'export_columns',
  'export_format',
  'export_name',
  'filtering',
  'graph_cache',
  'level',
  'product_id_limit',
  'sort',
  'summary',
  'summary_action_breakdowns',
  'time_increment',
  'time_range',
  'time_ranges',
  'use_account_attribution_setting',
  'use_unified_attribution_setting',
] as const;

/**
 * Parameters Meta takes that change the report's shape in ways the sandbox does not compute (demographic
 * breakdowns, several ranges at once, sorting, summary rows, exports): refused as not served, never
 * silently ignored. Attribution settings are taken and change nothing: the sandbox has one attribution.
 */
const NOT_SERVED = [
  'default_summary',
  'export_columns',
  'export_format',
  'export_name',
  'product_id_limit',
  'sort',
  'summary',
  'summary_action_breakdowns',
  'time_ranges',
] as const;

/** Meta's filter operators (the insights reference's `filtering` parameter). */
const OPERATORS = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'IN_RANGE',
  'NOT_IN_RANGE',
  'CONTAIN',
  'NOT_CONTAIN',
  'IN',
  'NOT_IN',
  'STARTS_WITH',
  'ENDS_WITH',
  'ANY',
  'ALL',
  'AFTER',
  'BEFORE',
  'ON_OR_AFTER',
  'ON_OR_BEFORE',
  'NONE',
  'TOP',
] as const;

/** The filters the sandbox applies, by field, with the operators each takes. */
const FILTERS: Record<string, readonly string[]> = {
  'campaign.id': ['IN', 'NOT_IN', 'EQUAL', 'NOT_EQUAL'],
  'campaign.name': ['EQUAL', 'NOT_EQUAL', 'CONTAIN', 'NOT_CONTAIN'],
  'campaign.effective_status': ['IN', 'NOT_IN'],
  'adset.id': ['IN', 'NOT_IN', 'EQUAL', 'NOT_EQUAL'],
  'ad.id': ['IN', 'NOT_IN', 'EQUAL', 'NOT_EQUAL'],
};

export type InsightsLevel = 'account' | 'campaign' | 'adset' | 'ad';

export interface InsightsFilter {
  field: string;
  operator: string;
  values: string[];
}

export interface InsightsRequest {
  level: InsightsLevel;
  since: string;
  until: string;
  /** Days per row, a calendar month per row, or one row for the whole range. */
  increment: number | 'monthly' | 'all_days';
  /** The fields asked for; undefined: Meta's defaults. */
  fields: string[] | undefined;
  filters: InsightsFilter[];
  /** Rows split by these (device_platform alone is served). */
  breakdowns: Breakdown[];
}

type Verdict = InsightsRequest | { refusal: GraphErrorBody };

function invalid(message: string): { refusal: GraphErrorBody } {
  return { refusal: { message: `(#100) ${message}`, type: 'OAuthException', code: 100 } };
}

function notServed(parameter: string, why: string): { refusal: GraphErrorBody } {
  return {
    refusal: {
      message: `(#100) The adops sandbox does not serve ${parameter} on insights`,
      type: 'OAuthException',
      code: 100,
      error_user_title: 'Not served by the sandbox',
      error_user_msg: why,
    },
  };
}

function readFilters(text: string): InsightsFilter[] | { refusal: GraphErrorBody } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) return invalid('Param filtering must be an array of filter objects');
  const filters: InsightsFilter[] = [];
  for (const [index, entry] of parsed.entries()) {
    const { field, operator, value } = (entry ?? {}) as {
      field?: unknown;
      operator?: unknown;
      value?: unknown;
    };
    if (typeof field !== 'string' || typeof operator !== 'string' || value === undefined) {
      return invalid(`Param filtering[${index}] must have field, operator and value`);
    }
    if (!(OPERATORS as readonly string[]).includes(operator)) {
      return invalid(`Param filtering[${index}][operator] must be one of {${OPERATORS.join(', ')}}`);
    }
    const operators = FILTERS[field];
    if (!operators?.includes(operator)) {
      return notServed(
        `filtering on ${field} with ${operator}`,
        `The sandbox filters on ${Object.entries(FILTERS)
          .map(([name, ops]) => `${name} (${ops.join(', ')})`)
          .join('; ')}.`,
      );
    }
    const values = (Array.isArray(value) ? value : [value]).map(String);
    if (field === 'campaign.effective_status') {
      const wrong = values.find((v) => !(EFFECTIVE_STATUS_FILTER as readonly string[]).includes(v));
      if (wrong) return invalid(`Filtering value ${wrong} is not a valid effective status`);
    }
    filters.push({ field, operator, values });
  }
  return filters;
}

function readIncrement(text: string | undefined): InsightsRequest['increment'] | undefined {
  if (text === undefined || text === 'all_days') return 'all_days';
  if (text === 'monthly') return 'monthly';
  const days = Number(text);
  return /^\d+$/.test(text) && days >= 1 && days <= 90 ? days : undefined;
}

/**
 * The insights request as Meta reads it, or Meta's refusal: `level` (the ad account's own by default),
 * `time_range` (which wins over `date_preset`; neither: `last_30d`), `time_increment` (`all_days`,
 * `monthly` or 1 to 90 days), `fields` of AdsInsights, `filtering`, `breakdowns` (insights-breakdowns.ts).
 * `today` is the ad account's.
 */
export function readInsightsRequest(query: Query, today: string): Verdict {
  const unserved = NOT_SERVED.find((name) => query[name] !== undefined);
  if (unserved) {
    return notServed(
      unserved,
      'The sandbox reports by account, campaign, ad set or ad, over one range, by day, month or the whole ' +
        'range, by device_platform.',
    );
  }
  if (
    query.action_breakdowns !== undefined &&
    !['action_type', '["action_type"]'].includes(query.action_breakdowns)
  ) {
    return notServed('action_breakdowns', 'The sandbox breaks actions down by action_type only.');
  }
  const level = query.level ?? 'account';
  if (level !== 'account' && level !== 'campaign' && level !== 'adset' && level !== 'ad') {
    return invalid('Param level must be one of {ad, adset, campaign, account}');
  }
  let range: { since: string; until: string };
  if (query.time_range !== undefined) {
    const parsed = parseTimeRange(query.time_range);
    if ('error' in parsed) return invalid(parsed.error);
    range = parsed;
  } else {
    const preset = query.date_preset ?? 'last_30d';
    if (!(DATE_PRESETS as readonly string[]).includes(preset)) {
      return invalid(`Param date_preset must be one of {${DATE_PRESETS.join(', ')}}`);
    }
    range = presetRange(preset as DatePreset, today);
  }
  if (beyondMaximum(range.since, today)) {
    return {
      refusal: {
        message: 'The start date of the time range cannot be beyond 37 months from the current date',
        type: 'OAuthException',
        code: 3018,
      },
    };
  }
  const increment = readIncrement(query.time_increment);
  if (increment === undefined) {
    return invalid("Param time_increment must be 'all_days', 'monthly' or a number of days from 1 to 90");
  }
  const specs = parseFields(query.fields);
  const unknown = specs?.find((spec) => !ADS_INSIGHTS_FIELDS.has(spec.name) || spec.sub !== undefined);
  if (unknown) {
    return invalid(
      `${unknown.name} is not valid for fields param. please check ` +
        'https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values',
    );
  }
  const filters = query.filtering === undefined ? [] : readFilters(query.filtering);
  if (!Array.isArray(filters)) return filters;
  const breakdowns = readBreakdowns(query.breakdowns, notServed);
  if (!Array.isArray(breakdowns)) return breakdowns;
  return { level, ...range, increment, fields: specs?.map((spec) => spec.name), filters, breakdowns };
}
