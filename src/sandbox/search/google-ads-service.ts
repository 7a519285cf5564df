import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { GaqlError, type GaqlQuery, parseGaql } from './gaql.ts';
import { adsError, failureAnswer, type GoogleErrorAnswer } from './google-errors.ts';
import {
  SEARCH_REQUEST,
  SEARCH_STREAM_REQUEST,
  type SearchRequest,
  type SearchStreamRequest,
} from './messages.ts';
import { decodePageToken, encodePageToken, pageKey } from './page-token.ts';
import { jsonName } from './proto-json.ts';
import { planQuery, type QueryPlan } from './query-check.ts';
import { type QueryAnswer, runQuery } from './query-run.ts';
import { customerToday } from './resources.ts';

/**
 * GoogleAdsService (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.googleAds):
 * `search`, in pages with page tokens, and `searchStream`, a JSON array of batches.
 */

const NO_METRICS_SUMMARY = 'A summary row cannot be returned for a query that selects no metrics.';

function queryFailure(emulator: SearchEmulator, error: GaqlError): GoogleErrorAnswer {
  return failureAnswer(emulator.served, 400, [adsError({ [error.family]: error.code }, error.message)]);
}

/** The query parsed and checked against what the sandbox serves, or Google's query error. */
function checkedQuery(
  emulator: SearchEmulator,
  text: string | undefined,
): { plan: QueryPlan } | { refused: GoogleErrorAnswer } {
  try {
    return { plan: planQuery(parseGaql(text ?? ''), customerToday(emulator.services.clock.now())) };
  } catch (error) {
    if (!(error instanceof GaqlError)) throw error;
    return { refused: queryFailure(emulator, error) };
  }
}

async function run(
  emulator: SearchEmulator,
  customerId: string,
  plan: QueryPlan,
): Promise<QueryAnswer | GoogleErrorAnswer> {
  const { store, services } = emulator;
  try {
    return await runQuery(store, services.storage.db, customerId, plan, services.clock.now());
  } catch (error) {
    if (!(error instanceof GaqlError)) throw error;
    return queryFailure(emulator, error);
  }
}

const magicIds = (query: GaqlQuery) => query.conditions.flatMap((c) => c.values.map((v) => v.value));
const fieldMaskOf = (query: GaqlQuery) => query.fields.map(jsonName).join(',');
const selectsMetrics = (query: GaqlQuery) => query.fields.some((field) => field.startsWith('metrics.'));
const failed = (answer: QueryAnswer | GoogleErrorAnswer): answer is GoogleErrorAnswer =>
  'httpStatus' in answer;

export async function search(emulator: SearchEmulator, { customerId, body }: Call): Promise<Answer> {
  const request = emulator.readBody<SearchRequest>(SEARCH_REQUEST, body);
  if ('refused' in request) return request.refused;
  const { pageSize: askedSize, pageToken, validateOnly = false, searchSettings = {} } = request.read;
  if (askedSize) {
    return emulator.requestError(
      'PAGE_SIZE_NOT_SUPPORTED',
      `Setting the page size is not supported. Search Responses will have fixed page size of '${emulator.pageSize}' rows.`,
    );
  }
  const checked = checkedQuery(emulator, request.read.query);
  if ('refused' in checked) return checked.refused;
  const { query } = checked.plan;
  const wantsSummary = searchSettings.returnSummaryRow === true;
  if (wantsSummary && validateOnly) {
    return emulator.requestError(
      'CANNOT_RETURN_SUMMARY_ROW_FOR_VALIDATE_ONLY_REQUESTS',
      'return_summary_row should not be enabled for validate only requests.',
    );
  }
  if (wantsSummary && !selectsMetrics(query))
    return emulator.requestError('CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS', NO_METRICS_SUMMARY);
  const faulted = await emulator.fault(magicIds(query));
  if (faulted) return faulted;

  const key = pageKey(customerId, request.read.query ?? '');
  const wantsTotal = searchSettings.returnTotalResultsCount === true;
  let offset = 0;
  if (pageToken) {
    const token = decodePageToken(pageToken);
    if (!token || token.key !== key) {
      return emulator.requestError(
        'INVALID_PAGE_TOKEN',
        'Page token is invalid: it was not issued for this query and customer.',
      );
    }
    if (wantsTotal && !token.totalRequested) {
      return emulator.requestError(
        'TOTAL_RESULTS_COUNT_NOT_ORIGINALLY_REQUESTED',
        'The total results count cannot be returned if it was not requested in the original request.',
      );
    }
    offset = token.offset;
  }
  const fieldMask = fieldMaskOf(query);
  if (validateOnly) return { fieldMask };
  const answer = await run(emulator, customerId, checked.plan);
  if (failed(answer)) return answer;
  const totalResultsCount = wantsTotal ? { totalResultsCount: String(answer.total) } : {};
  const queryResourceConsumption = resourcesOf(answer.rows.length);
  if (searchSettings.omitResults) {
    return {
      ...totalResultsCount,
      fieldMask,
      ...(wantsSummary && { summaryRow: answer.summary }),
      queryResourceConsumption,
    };
  }
  const { pageSize } = emulator;
  const page = answer.rows.slice(offset, offset + pageSize);
  const next = offset + pageSize < answer.rows.length;
  return {
    ...(page.length > 0 && { results: page }),
    ...(next && {
      nextPageToken: encodePageToken({ key, offset: offset + pageSize, totalRequested: wantsTotal }),
    }),
    ...totalResultsCount,
    fieldMask,
    // The summary of every row comes with the last page.
    ...(wantsSummary && !next && { summaryRow: answer.summary }),
    queryResourceConsumption,
  };
}

/**
 * What Google says a query cost to serve (`queryResourceConsumption`, an int64 as a string, on every
 * search page, as a recorded answer of Google's has it): the sandbox counts the rows it read.
 */
function resourcesOf(rows: number): string {
  return String(Math.max(1, rows));
}

export async function searchStream(
  emulator: SearchEmulator,
  { customerId, body, requestId }: Call,
): Promise<Answer> {
  const request = emulator.readBody<SearchStreamRequest>(SEARCH_STREAM_REQUEST, body);
  if ('refused' in request) return request.refused;
  const checked = checkedQuery(emulator, request.read.query);
  if ('refused' in checked) return checked.refused;
  const { query } = checked.plan;
  const setting = request.read.summaryRowSetting;
  const wantsSummary = setting === 'SUMMARY_ROW_WITH_RESULTS' || setting === 'SUMMARY_ROW_ONLY';
  if (wantsSummary && !selectsMetrics(query))
    return emulator.requestError('CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS', NO_METRICS_SUMMARY);
  const faulted = await emulator.fault(magicIds(query));
  if (faulted) return faulted;
  const answer = await run(emulator, customerId, checked.plan);
  if (failed(answer)) return answer;
  const fieldMask = fieldMaskOf(query);
  const batches: object[] = [];
  if (setting !== 'SUMMARY_ROW_ONLY') {
    for (let at = 0; at < answer.rows.length; at += emulator.pageSize) {
      batches.push({ results: answer.rows.slice(at, at + emulator.pageSize), fieldMask, requestId });
    }
  }
  // The summary row comes alone, in the last batch.
  if (wantsSummary) batches.push({ fieldMask, summaryRow: answer.summary, requestId });
  // A query matching nothing still answers one message, without results.
  return batches.length > 0 ? batches : [{ fieldMask, requestId }];
}
