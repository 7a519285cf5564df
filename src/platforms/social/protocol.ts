import type { PlatformProtocol } from '../protocol.ts';
import type { ThrottleScope } from '../throttles.ts';
import type { Classifier, UpstreamResponse } from '../upstream.ts';
import { withProof } from './proof.ts';

/** The Graph API's error body (Meta, "Handling errors"). */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
}

/** Rate limits: application (4), user (17), API-specific (613) and Business Use Case (80000 to 80014). */
export function isThrottleCode(code: number): boolean {
  return code === 4 || code === 17 || code === 613 || (code >= 80000 && code <= 80014);
}

/**
 * Whose calls a throttle code holds back (Meta, "Rate Limits"): the app's platform limit (4) every
 * account the service reaches, the user's (17) every account of that user's token; the ad account's
 * own limits (613, the Business Use Case codes 80000 to 80014, 80004 for the Marketing API) that one.
 */
function throttleScope(code: number): ThrottleScope {
  if (code === 4) return 'app';
  if (code === 17) return 'user';
  return 'account';
}

/** Invalid, expired or revoked token (190), session key (102), no token at all (104). */
const AUTH_CODES = new Set([102, 104, 190]);
/**
 * Unknown error (1), service temporarily unavailable (2), and a version Meta no longer serves (2635):
 * the operator's to fix (ADOPS_SOCIAL_API_VERSION), never the caller's.
 */
const SERVER_CODES = new Set([1, 2, 2635]);
/** "Object does not exist, cannot be loaded due to missing permissions..." */
const NOT_FOUND_SUBCODE = 33;
/** "Some of the aliases you requested do not exist." */
const ALIASES_NOT_FOUND = 803;
/** Insights' data-per-call limit (code 100), for synchronous and asynchronous reports alike. */
const TOO_MUCH_DATA_SUBCODE = 1487534;

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The wait a throttled call is asked for, in seconds: `X-Business-Use-Case-Usage` gives
 * `estimated_time_to_regain_access` in minutes per business object and limit type (the longest wins);
 * `X-Ad-Account-Usage` gives `reset_time_duration` in seconds for the ad account's own limit.
 */
export function throttleWaitSeconds(headers: Record<string, string>): number | undefined {
  const usage = parseJson(headers['x-business-use-case-usage']);
  let minutes = 0;
  if (usage && typeof usage === 'object') {
    for (const entries of Object.values(usage as Record<string, unknown>)) {
      if (!Array.isArray(entries)) continue;
      for (const entry of entries) {
        const value = Number(
          (entry as { estimated_time_to_regain_access?: unknown })?.estimated_time_to_regain_access,
        );
        if (Number.isFinite(value) && value > minutes) minutes = value;
      }
    }
  }
  if (minutes > 0) return Math.ceil(minutes * 60);
  const account = parseJson(headers['x-ad-account-usage']) as { reset_time_duration?: unknown } | undefined;
  const seconds = Number(account?.reset_time_duration);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The platform's words for a marketer: its user-facing message when it has one, without the `(#100) ` tag. */
function wordsOf(error: GraphError, status: number): string {
  const text = error.error_user_msg?.trim() || error.message?.trim() || `HTTP ${status}`;
  return text.replace(/^\(#\d+\)\s*/, '');
}

/**
 * Meta's Graph API: success is a 2xx body without `error`; failures carry
 * `{error:{message, type, code, error_subcode?, error_user_title?, error_user_msg?, fbtrace_id}}`.
 * Throttles arrive as HTTP 400 (sometimes 403) with their codes and the wait in the usage headers.
 */
export const socialClassifier: Classifier = (response: UpstreamResponse) => {
  const body = parseJson(response.body) as { error?: GraphError } | undefined;
  const error = body && typeof body === 'object' ? body.error : undefined;
  if (response.status < 300 && body !== undefined && !error) return { ok: true };
  const headerTrace = response.headers['x-fb-trace-id'];
  if (!error || typeof error !== 'object') {
    const message =
      body === undefined ? `an answer that is not JSON (HTTP ${response.status})` : `HTTP ${response.status}`;
    return { ok: false, kind: 'server', message, ...(headerTrace && { requestId: headerTrace }) };
  }
  const code = Number(error.code);
  const requestId = error.fbtrace_id ?? headerTrace;
  const failure = { message: wordsOf(error, response.status), ...(requestId && { requestId }) };
  if (isThrottleCode(code)) {
    const wait = throttleWaitSeconds(response.headers);
    return {
      ok: false,
      kind: 'throttled',
      ...failure,
      scope: throttleScope(code),
      ...(wait !== undefined && { retryAfterSeconds: wait }),
    };
  }
  if (AUTH_CODES.has(code)) return { ok: false, kind: 'auth', ...failure };
  if (code === 100 && error.error_subcode === TOO_MUCH_DATA_SUBCODE) {
    const words = failure.message.replace(/\.?$/, '.');
    return {
      ok: false,
      kind: 'rejected',
      ...failure,
      message: `${words} Meta limits how much one report may hold: ask for a shorter period or fewer campaigns.`,
    };
  }
  if (SERVER_CODES.has(code) || response.status >= 500) return { ok: false, kind: 'server', ...failure };
  if (code === ALIASES_NOT_FOUND || (code === 100 && error.error_subcode === NOT_FOUND_SUBCODE)) {
    return { ok: false, kind: 'not_found', ...failure };
  }
  return { ok: false, kind: 'rejected', ...failure };
};

/**
 * The Marketing API takes the user access token as a Bearer header, every call signed with
 * `appsecret_proof` (the app secret: the sandbox app's, or ADOPS_SOCIAL_CLIENT_SECRET); Meta has no
 * refresh token.
 */
export const socialProtocol: PlatformProtocol = {
  classify: socialClassifier,
  headers: (accessToken) => ({ authorization: `Bearer ${accessToken}` }),
  signUrl: (url, accessToken, endpoints) => withProof(url, accessToken, endpoints.clientSecret),
};
