import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import { bearerToken } from '../access.ts';

export type Query = Record<string, string | undefined>;

/** What every Graph read of the sandbox takes (each edge's reference lists no parameter of its own). */
export const EDGE_PARAMETERS = [
  'access_token',
  'appsecret_proof',
  'fields',
  'limit',
  'after',
  'before',
  'summary',
] as const;

/** Facebook Login's token endpoint: the code exchange and `fb_exchange_token`. */
export const TOKEN_PARAMETERS = [
  'client_id',
  'client_secret',
  'redirect_uri',
  'code',
  'grant_type',
  'fb_exchange_token',
  'access_token',
] as const;

/** The parameters as strings; one given twice counts by its last value. */
export function parametersOf(...sources: unknown[]): Query {
  const out: Query = {};
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [name, value] of Object.entries(source)) {
      const last = Array.isArray(value) ? value.at(-1) : value;
      if (last !== undefined && last !== null) out[name] = String(last);
    }
  }
  return out;
}

/** The first parameter the endpoint does not take. */
export function unknownParameter(query: Query, accepted: readonly string[]): string | undefined {
  return Object.keys(query).find((name) => !accepted.includes(name));
}

/** Meta takes the user token as a Bearer header or as `access_token`. */
export function accessTokenOf(request: FastifyRequest, query: Query): string | undefined {
  return bearerToken(request) ?? (query.access_token || undefined);
}

/**
 * The sandbox app requires `appsecret_proof` on every call made with a user token, as Meta's "Require
 * App Secret" setting does: the token's HMAC-SHA256 keyed with the app secret, in hex.
 */
export function proofProblem(
  accessToken: string,
  proof: string | undefined,
): 'missing' | 'invalid' | undefined {
  if (!proof) return 'missing';
  const expected = createHmac('sha256', SANDBOX_CLIENT.clientSecret).update(accessToken).digest();
  const given = /^[0-9a-f]{64}$/i.test(proof) ? Buffer.from(proof, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'invalid';
}

/** What the campaigns edge of an ad account takes beside the common ones (its reference's parameters). */
export const CAMPAIGN_EDGE_PARAMETERS = [
  ...EDGE_PARAMETERS,
  'date_preset',
  'effective_status',
  'is_completed',
  'time_range',
] as const;

/**
 * A `list<…>` parameter as Graph reads it: a JSON array (what the SDKs send), or values separated by
 * commas; undefined when it is neither.
 */
export function listParameter(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) && parsed.every((v) => typeof v === 'string') ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return trimmed === '' ? [] : trimmed.split(',').map((v) => v.trim());
}

/**
 * A POST body's fields as Graph parameters: form fields as they are, JSON values as their text (a list or
 * an object as JSON, the way the SDKs write one in a form), so both encodings read the same.
 */
export function bodyParameters(body: unknown): Query {
  const out: Query = {};
  if (!body || typeof body !== 'object') return out;
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    out[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

/** What a campaign node takes on a read: the token, its proof and the fields. */
export const NODE_PARAMETERS = ['access_token', 'appsecret_proof', 'fields'] as const;

/**
 * What `POST /{campaign_id}` takes in the sandbox: the fields it applies, `execution_options`, and the
 * `id` the SDKs send with every update of an object.
 */
export const CAMPAIGN_UPDATE_PARAMETERS = [
  ...NODE_PARAMETERS,
  'id',
  'name',
  'status',
  'daily_budget',
  'execution_options',
] as const;

/** Campaign update parameters Meta's reference documents that the sandbox does not apply. */
export const CAMPAIGN_UPDATE_NOT_SERVED = [
  'adlabels',
  'adset_bid_amounts',
  'adset_budgets',
  'bid_strategy',
  'budget_rebalance_flag',
  'is_skadnetwork_attribution',
  'iterative_split_test_configs',
  'lifetime_budget',
  'objective',
  'pacing_type',
  'promoted_object',
  'smart_promotion_type',
  'special_ad_categories',
  'special_ad_category_country',
  'spend_cap',
  'start_time',
  'stop_time',
] as const;
