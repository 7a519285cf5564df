import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { StoredObject } from '../store.ts';
import { answerFault, fail, Invalid, type NetworkSandbox } from './context.ts';
import {
  CURSOR_PAGING,
  onlyParameters,
  PROJECTION,
  project,
  projectionOf,
  queryParameter,
  restliMethod,
} from './restli.ts';
import { type Json, knownFields, object } from './validate.ts';

/** The path of an entity under an ad account. */
export type EntityParams = { account: string; id: string };

/** Runs a handler, turning a validation failure into LinkedIn's 400 (or 422) with the field. */
export function guarded<Route extends RouteGenericInterface>(
  handler: (request: FastifyRequest<Route>, reply: FastifyReply) => Promise<unknown>,
): (request: FastifyRequest<Route>, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof Invalid) return fail(reply, error.status, error.message, { field: error.field });
      throw error;
    }
  };
}

/** LinkedIn writes numeric ids as JSON numbers; an id too long for one stays a string. */
export function numeric(id: string): number | string {
  return /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}

export function created(reply: FastifyReply, id: string, location: string): FastifyReply {
  return reply.status(201).header('x-restli-id', id).header('location', location).send();
}

/** When LinkedIn says an entity was created and last changed, in epoch milliseconds. */
export function changeAuditStamps(entity: StoredObject<Json>): Json {
  return {
    created: { time: Date.parse(entity.createdAt) },
    lastModified: { time: Date.parse(entity.updatedAt) },
  };
}

/** Whether an entity meets every criterion of a `q=search` finder (values of one criterion are ORed). */
export function matches(entity: Json, criteria: Map<string, string[]>): boolean {
  for (const [field, values] of criteria) {
    if (field === 'test') {
      if (!values.includes('true')) return false;
    } else if (field === 'id') {
      if (!values.some((value) => value.replace(/^urn:li:\w+:/, '') === String(entity.id))) return false;
    } else if (!values.includes(String(entity[field]))) return false;
  }
  return true;
}

/** PARTIAL_UPDATE is a POST that says so (in any case, as Rest.li reads it); its body is `{patch:{$set:{...}}}`. */
export function patchOf(request: FastifyRequest): Json {
  const body = object(request.body, 'body');
  knownFields(body, ['patch']);
  const patch = object(body.patch, 'patch');
  knownFields(patch, ['$set'], '/patch');
  return object(patch.$set, 'patch.$set');
}

export function onlyFields(set: Json, allowed: string[]): void {
  for (const field of Object.keys(set)) {
    if (!allowed.includes(field)) throw new Invalid(`${field} cannot be changed`, `patch/$set/${field}`, 422);
  }
}

/** What a POST to a collection is: a create, a batch partial update, or a method the collection refuses. */
export function collectionPost(request: FastifyRequest): 'create' | 'batch' {
  const method = restliMethod(request);
  if (method === undefined || method === 'CREATE') return 'create';
  if (method === 'BATCH_PARTIAL_UPDATE') return 'batch';
  throw new Invalid(
    `X-RestLi-Method ${method} is not supported on this collection (use CREATE or BATCH_PARTIAL_UPDATE)`,
    undefined,
    405,
  );
}

/** A POST to an entity must say PARTIAL_UPDATE. */
export function entityPost(request: FastifyRequest): void {
  const method = restliMethod(request);
  if (method !== 'PARTIAL_UPDATE') {
    throw new Invalid(
      `A POST to an entity must be sent with the header X-RestLi-Method: PARTIAL_UPDATE${method ? ` (got ${method})` : ''}`,
    );
  }
}

export const SEARCH_PARAMETERS = ['q', 'search', 'sortOrder', ...CURSOR_PAGING, ...PROJECTION];
/** Orders a finder's results by id, as `sortOrder` asks (LinkedIn's default: ascending). */
export function sorted(elements: Json[], request: FastifyRequest): Json[] {
  const order = queryParameter(request, 'sortOrder') ?? 'ASCENDING';
  if (order !== 'ASCENDING' && order !== 'DESCENDING')
    throw new Invalid(`sortOrder must be ASCENDING or DESCENDING (got "${order}")`);
  const key = (e: Json) =>
    String(e.id)
      .replace(/^urn:li:\w+:/, '')
      .padStart(20, '0');
  const ordered = [...elements].sort((a, b) => key(a).localeCompare(key(b)));
  return order === 'ASCENDING' ? ordered : ordered.reverse();
}

/** What the GET and PARTIAL_UPDATE routes of one entity type need of it. */
export interface EntityResource {
  /** The entity of the account, or LinkedIn's 404. */
  read(accountId: string, id: string): Promise<StoredObject<Json>>;
  represent(entity: StoredObject<Json>): Json;
  patch(account: SandboxAccount, accountId: string, id: string, set: Json): Promise<void>;
}

/** `GET` (with a projection) and `POST` as PARTIAL_UPDATE of `<path>/:id` under an ad account. */
export function entityRoutes(
  scope: FastifyInstance,
  sandbox: NetworkSandbox,
  path: string,
  resource: EntityResource,
): void {
  scope.get<{ Params: EntityParams }>(
    `${path}/:id`,
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      onlyParameters(request, PROJECTION);
      if (!(await sandbox.account(request, reply, accountId)) || (await answerFault(reply, id))) return reply;
      return project(resource.represent(await resource.read(accountId, id)), projectionOf(request));
    }),
  );
  scope.post<{ Params: EntityParams }>(
    `${path}/:id`,
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      const account = await sandbox.account(request, reply, accountId);
      if (!account || (await answerFault(reply, id))) return reply;
      onlyParameters(request, []);
      entityPost(request);
      await resource.patch(account, accountId, id, patchOf(request));
      return reply.status(204).send();
    }),
  );
}
