import type { FastifyRequest } from 'fastify';
import { Invalid } from './context.ts';
import type { Json } from './validate.ts';

/** A Rest.li 2.0 value: a string, a `List(...)`, or a `(key:value,...)` record. */
export type RestliValue = string | RestliValue[] | { [key: string]: RestliValue };

function decode(text: string, what: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    throw new Invalid(`${what} holds a malformed percent-encoding: ${text}`);
  }
}

/**
 * Parses a Rest.li 2.0 query value as sent on the wire, before any percent-decoding: the structure is
 * written with literal `(`, `)`, `,` and `:`, and those characters inside a value are percent-encoded,
 * so names like "Spring (EU), 2026" survive. Only values are decoded, once.
 */
export function parseRestli(raw: string): RestliValue {
  let at = 0;
  const fail = (): never => {
    throw new Invalid(`Malformed Rest.li 2.0 value near position ${at}: ${raw}`);
  };
  const scalar = (): string => {
    const start = at;
    while (at < raw.length && !'(),:'.includes(raw[at] ?? '')) at++;
    const text = decode(raw.slice(start, at), 'A Rest.li value');
    // Rest.li writes the empty string as two single quotes.
    return text === "''" ? '' : text;
  };
  const value = (): RestliValue => {
    if (raw.startsWith('List(', at)) {
      at += 'List('.length;
      const items: RestliValue[] = [];
      while (raw[at] !== ')') {
        if (at >= raw.length) fail();
        items.push(value());
        if (raw[at] === ',') at++;
        else if (raw[at] !== ')') fail();
      }
      at++;
      return items;
    }
    if (raw[at] === '(') {
      at++;
      const fields: Record<string, RestliValue> = {};
      while (raw[at] !== ')') {
        if (at >= raw.length) fail();
        const key = scalar();
        if (raw[at++] !== ':') fail();
        fields[key] = value();
        if (raw[at] === ',') at++;
        else if (raw[at] !== ')') fail();
      }
      at++;
      return fields;
    }
    return scalar();
  };
  const parsed = value();
  if (at !== raw.length) fail();
  return parsed;
}

/** The query string as it came on the wire (a tunnelled query arrives here in the URL too). */
function rawQuery(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/** One query parameter exactly as it came on the wire (not yet percent-decoded), or undefined. */
export function rawQueryParameter(request: FastifyRequest, name: string): string | undefined {
  for (const pair of rawQuery(request).split('&')) {
    const [key, ...rest] = pair.split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Names of the query parameters every finder and get of the emulator takes besides its own. */
export const PROJECTION = ['fields'] as const;
export const CURSOR_PAGING = ['pageSize', 'pageToken', 'start', 'count'] as const;

/**
 * Refuses a query parameter the request does not take, with LinkedIn's words: a misspelt parameter
 * is an error there, never silently ignored.
 */
export function onlyParameters(request: FastifyRequest, allowed: readonly string[]): void {
  for (const pair of rawQuery(request).split('&')) {
    if (pair === '') continue;
    const name = decode(pair.split('=')[0] ?? '', 'A query parameter name');
    if (!allowed.includes(name)) {
      throw new Invalid(
        `Invalid query parameters passed to request: "${name}" is not a parameter of this request` +
          (allowed.length > 0 ? ` (it takes ${allowed.join(', ')})` : ' (it takes none)'),
      );
    }
  }
}

/** A scalar query parameter, decoded once; undefined when absent. */
export function queryParameter(request: FastifyRequest, name: string): string | undefined {
  const raw = rawQueryParameter(request, name);
  return raw === undefined ? undefined : decode(raw, name);
}

/** A Rest.li list parameter, `List(a,b)`, its items decoded once; undefined when absent. */
export function listParameter(request: FastifyRequest, name: string): string[] | undefined {
  const raw = rawQueryParameter(request, name);
  if (raw === undefined) return undefined;
  const value = parseRestli(raw);
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new Invalid(`${name} must be a List(...) of values, like ${name}=List(a,b)`);
  return value as string[];
}

/** The Rest.li method a request names in `X-RestLi-Method`, upper-cased: Rest.li reads it case-insensitively. */
export function restliMethod(request: FastifyRequest): string | undefined {
  const header = request.headers['x-restli-method'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim().toUpperCase() : undefined;
}

/**
 * The criteria of a `q=search` finder, `search=(field:(values:List(...)),...)`: for each field the values
 * it must match. Fields outside `allowed` are refused, as LinkedIn refuses them.
 */
export function searchCriteria(request: FastifyRequest, allowed: readonly string[]): Map<string, string[]> {
  const criteria = new Map<string, string[]>();
  const raw = rawQueryParameter(request, 'search');
  if (raw === undefined) return criteria;
  const search = parseRestli(raw);
  if (typeof search !== 'object' || Array.isArray(search)) throw new Invalid('search must be a record');
  for (const [field, criterion] of Object.entries(search)) {
    if (!allowed.includes(field)) {
      throw new Invalid(`search.${field} is not a criterion of this finder (use ${allowed.join(', ')})`);
    }
    const values = typeof criterion === 'object' && !Array.isArray(criterion) ? criterion.values : undefined;
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) {
      throw new Invalid(`search.${field} must be (values:List(...))`);
    }
    criteria.set(field, values as string[]);
  }
  return criteria;
}

/** A field projection, `fields=id,name,content:(reference)`: each field, with its own projection if nested. */
export type Projection = Map<string, Projection | true>;

/**
 * The `fields` projection of a request. LinkedIn (and its official client) write it Rest.li 1.0 style,
 * `fields=id,name`, unencoded; the 2.0 form `List(id,name)` is read too.
 */
export function projectionOf(request: FastifyRequest): Projection | undefined {
  const raw = rawQueryParameter(request, 'fields');
  if (raw === undefined) return undefined;
  let text = decode(raw, 'fields');
  if (text.startsWith('List(') && text.endsWith(')')) text = text.slice('List('.length, -1);
  let at = 0;
  const fail = (): never => {
    throw new Invalid(`fields: malformed projection near position ${at}: ${text}`);
  };
  const list = (): Projection => {
    const fields: Projection = new Map();
    for (;;) {
      const start = at;
      while (at < text.length && !'(),:'.includes(text[at] ?? '')) at++;
      const name = text.slice(start, at).trim();
      if (name === '') fail();
      if (text[at] === ':') {
        if (text[at + 1] !== '(') fail();
        at += 2;
        fields.set(name, list());
        if (text[at++] !== ')') fail();
      } else fields.set(name, true);
      if (text[at] !== ',') return fields;
      at++;
    }
  };
  const projection = list();
  if (at !== text.length) fail();
  return projection;
}

/** The entity with only the projected fields (all of it without a projection). */
export function project(entity: Json, projection: Projection | undefined): Json {
  if (!projection) return entity;
  const out: Json = {};
  for (const [name, nested] of projection) {
    const value = entity[name];
    if (value === undefined) continue;
    out[name] =
      nested !== true && value && typeof value === 'object' && !Array.isArray(value)
        ? project(value as Json, nested)
        : value;
  }
  return out;
}

const BATCH_GET_PARAMETERS = ['ids', ...PROJECTION];

/** The ids of a BATCH_GET (`ids=List(...)`), or undefined when the GET is not one. */
export function batchIds(request: FastifyRequest): string[] | undefined {
  if (rawQueryParameter(request, 'ids') === undefined) return undefined;
  onlyParameters(request, BATCH_GET_PARAMETERS);
  return listParameter(request, 'ids') ?? [];
}

/** LinkedIn's page sizes: `pageSize` defaults to 100, the older `count` to 10; neither goes past 1000. */
const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_COUNT = 10;
const MAX_PAGE_SIZE = 1000;

function pageToken(offset: number): string {
  return Buffer.from(`sbx-page:${offset}`).toString('base64url');
}

function offsetOf(token: string): number {
  const match = /^sbx-page:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match?.[1]) throw new Invalid(`pageToken "${token}" is not a page token this finder gave`);
  return Number(match[1]);
}

function integer(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < min || number > max)
    throw new Invalid(`${name} must be an integer from ${min} to ${max} (got "${value}")`);
  return number;
}

/**
 * A page of a finder's results. From version 202401 LinkedIn pages its search finders with a cursor:
 * `pageSize` (default 100) and the `pageToken` an answer gives in `metadata.nextPageToken`, absent on
 * the last page. The older `start`/`count` (default 10), which other finders keep, answers with
 * `paging.total`. The projection applies to every element.
 */
export function page(elements: Json[], request: FastifyRequest, paging: 'cursor' | 'index' = 'cursor'): Json {
  const projection = projectionOf(request);
  const size =
    paging === 'cursor'
      ? integer(queryParameter(request, 'pageSize'), 'pageSize', 1, MAX_PAGE_SIZE)
      : undefined;
  const token = paging === 'cursor' ? queryParameter(request, 'pageToken') : undefined;
  const start = integer(queryParameter(request, 'start'), 'start', 0, Number.MAX_SAFE_INTEGER);
  const count = integer(queryParameter(request, 'count'), 'count', 1, MAX_PAGE_SIZE);
  const cursor = size !== undefined || token !== undefined;
  if (cursor && (start !== undefined || count !== undefined))
    throw new Invalid('Page with pageSize and pageToken, or with start and count, not both');
  if (paging === 'index' || start !== undefined || count !== undefined) {
    const from = start ?? 0;
    const take = count ?? DEFAULT_COUNT;
    return {
      elements: elements.slice(from, from + take).map((e) => project(e, projection)),
      paging: { start: from, count: take, total: elements.length, links: [] },
    };
  }
  const from = token === undefined ? 0 : offsetOf(token);
  const take = size ?? DEFAULT_PAGE_SIZE;
  const next = from + take < elements.length ? pageToken(from + take) : undefined;
  return {
    elements: elements.slice(from, from + take).map((e) => project(e, projection)),
    paging: { start: from, count: take, links: [] },
    metadata: next ? { nextPageToken: next } : {},
  };
}

/** An id as a key of a batch answer: Rest.li-encoded, as the official client encodes it. */
export function batchKey(id: string): string {
  return encodeURIComponent(id).replace(/[()',:]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A BATCH_GET (`ids=List(...)`): each entity found under `results`, each missing one under `errors`
 * with its 404, and every status under `statuses`; keys are the encoded ids. The projection applies.
 */
export async function batchGet(
  request: FastifyRequest,
  ids: string[],
  find: (id: string) => Promise<Json | undefined>,
  missing: (id: string) => string,
): Promise<Json> {
  const projection = projectionOf(request);
  const results: Json = {};
  const errors: Json = {};
  const statuses: Json = {};
  for (const id of ids) {
    const key = batchKey(id);
    const found = await find(id);
    if (found) {
      results[key] = project(found, projection);
      statuses[key] = 200;
    } else {
      errors[key] = { status: 404, message: missing(id), serviceErrorCode: 0 };
      statuses[key] = 404;
    }
  }
  return { results, errors, statuses };
}

/**
 * A BATCH_PARTIAL_UPDATE: `ids=List(...)` in the query, `{entities: {<encoded id>: {patch: {$set}}}}`
 * in the body. Each entity is patched on its own; the answer holds a 204 per entity under `results` and
 * LinkedIn's error per entity that failed under `errors`.
 */
export async function batchPartialUpdate(
  request: FastifyRequest,
  apply: (id: string, set: Json) => Promise<void>,
): Promise<Json> {
  const ids = listParameter(request, 'ids');
  if (!ids || ids.length === 0) throw new Invalid('A batch partial update names its entities: ids=List(...)');
  const body = request.body;
  const entities =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Json).entities : undefined;
  if (!entities || typeof entities !== 'object' || Array.isArray(entities))
    throw new Invalid(
      'The body of a batch partial update is {entities: {<id>: {patch: {$set: {...}}}}}',
      'entities',
    );
  const patches = new Map<string, unknown>();
  for (const [key, patch] of Object.entries(entities as Json))
    patches.set(decode(key, 'An entity key'), patch);
  for (const id of patches.keys()) {
    if (!ids.includes(id))
      throw new Invalid(`entities names ${id}, which ids=List(...) does not`, 'entities');
  }
  const results: Json = {};
  const errors: Json = {};
  for (const id of ids) {
    const key = batchKey(id);
    try {
      const patch = patches.get(id);
      const set =
        patch && typeof patch === 'object' ? ((patch as Json).patch as Json | undefined)?.$set : undefined;
      if (!set || typeof set !== 'object' || Array.isArray(set))
        throw new Invalid(`entities.${id} must be {patch: {$set: {...}}}`, `entities/${id}`);
      await apply(id, set as Json);
      results[key] = { status: 204 };
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      errors[key] = {
        status: error.status,
        message: error.message,
        serviceErrorCode: error.status === 404 ? 0 : 100,
        ...(error.field && {
          errorDetails: {
            inputErrors: [{ description: error.message, input: { inputPath: { fieldPath: error.field } } }],
          },
        }),
      };
    }
  }
  return { results, errors };
}
