import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { SandboxAccount } from '../seed.ts';
import { type StoredObject, sandboxId } from '../store.ts';
import { answerFault, fail, Invalid, type NetworkSandbox, urnId } from './context.ts';
import {
  amount,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  CLOSED_STATUSES,
  COST_TYPES,
  FORMATS,
  GROUP_STATUSES,
  type Json,
  MAX_CAMPAIGNS_PER_ACCOUNT,
  MIN_DAILY_BUDGET,
  OBJECTIVES,
  object,
  oneOf,
  schedule,
  string,
  targeting,
} from './validate.ts';

type Params = { account: string; id: string };

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

function representGroup(group: StoredObject<Json>): Json {
  return { ...group.data, id: numeric(group.id), account: `urn:li:sponsoredAccount:${group.accountId}` };
}

export function representCampaign(campaign: StoredObject<Json>): Json {
  return {
    ...campaign.data,
    id: numeric(campaign.id),
    account: `urn:li:sponsoredAccount:${campaign.accountId}`,
  };
}

/** PARTIAL_UPDATE is a POST that says so; its body is `{patch:{$set:{...}}}`. */
function patchOf(request: FastifyRequest): Json {
  if (request.headers['x-restli-method'] !== 'PARTIAL_UPDATE') {
    throw new Invalid('A POST to an entity must be sent with the header X-RestLi-Method: PARTIAL_UPDATE');
  }
  const body = object(request.body, 'body');
  const patch = object(body.patch, 'patch');
  return object(patch.$set, 'patch.$set');
}

function onlyFields(set: Json, allowed: string[]): void {
  for (const field of Object.keys(set)) {
    if (!allowed.includes(field)) throw new Invalid(`${field} cannot be changed`, `patch/$set/${field}`, 422);
  }
}

/** Ad accounts, campaign groups and campaigns, validated as LinkedIn does. */
export function registerCampaignRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;

  async function group(reply: FastifyReply, accountId: string, id: string) {
    const found = await store.get<Json>('campaign_group', id);
    if (!found || found.accountId !== accountId) {
      fail(reply, 404, `Campaign group ${id} does not exist in ad account ${accountId}`);
      return undefined;
    }
    return found;
  }

  async function campaign(reply: FastifyReply, accountId: string, id: string) {
    const found = await store.get<Json>('campaign', id);
    if (!found || found.accountId !== accountId) {
      fail(reply, 404, `Campaign ${id} does not exist in ad account ${accountId}`);
      return undefined;
    }
    return found;
  }

  scope.get<{ Querystring: { q?: string } }>('/rest/adAccounts', async (request, reply) => {
    if (request.query.q !== 'search') return fail(reply, 400, 'Use the search finder: q=search');
    const elements = [];
    for (const id of sandbox.granted(request)) {
      const account = await store.get<SandboxAccount>('account', id);
      if (account) {
        elements.push({
          id: numeric(id),
          name: account.data.name,
          currency: account.data.currency,
          status: 'ACTIVE',
          type: 'BUSINESS',
          test: true,
          reference: 'urn:li:organization:2414183',
        });
      }
    }
    return { elements, paging: { start: 0, count: elements.length, total: elements.length, links: [] } };
  });

  scope.get<{ Params: Params }>('/rest/adAccounts/:account', async (request, reply) => {
    const account = await sandbox.account(request, reply, request.params.account);
    if (!account) return reply;
    const { account: id } = request.params;
    return {
      id: numeric(id),
      name: account.name,
      currency: account.currency,
      status: 'ACTIVE',
      type: 'BUSINESS',
      test: true,
    };
  });

  scope.post<{ Params: Params }>(
    '/rest/adAccounts/:account/adCampaignGroups',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      const account = await sandbox.account(request, reply, accountId);
      if (!account) return reply;
      const body = object(request.body, 'body');
      if (body.account !== `urn:li:sponsoredAccount:${accountId}`)
        throw new Invalid(`account must be urn:li:sponsoredAccount:${accountId}`, 'account');
      const data: Json = {
        account: body.account,
        name: string(body, 'name', { max: 100 }),
        status: oneOf(body, 'status', ['ACTIVE', 'PAUSED', 'DRAFT']),
        runSchedule: schedule(body.runSchedule, 'runSchedule'),
      };
      if (body.objectiveType !== undefined) data.objectiveType = oneOf(body, 'objectiveType', OBJECTIVES);
      if (body.totalBudget !== undefined) {
        amount(body.totalBudget, 'totalBudget', account.currency);
        data.totalBudget = body.totalBudget;
      }
      const id = sandboxId(9);
      await store.put({ type: 'campaign_group', id, accountId, data }, sandbox.now());
      return created(reply, id, `/adAccounts/${accountId}/adCampaignGroups/${id}`);
    }),
  );

  scope.get<{ Params: Params }>('/rest/adAccounts/:account/adCampaignGroups/:id', async (request, reply) => {
    const { account: accountId, id } = request.params;
    if (!(await sandbox.account(request, reply, accountId)) || (await answerFault(reply, id))) return reply;
    const found = await group(reply, accountId, id);
    return found ? representGroup(found) : reply;
  });

  scope.post<{ Params: Params }>(
    '/rest/adAccounts/:account/adCampaignGroups/:id',
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      const account = await sandbox.account(request, reply, accountId);
      if (!account || (await answerFault(reply, id))) return reply;
      const set = patchOf(request);
      const found = await group(reply, accountId, id);
      if (!found) return reply;
      onlyFields(set, ['name', 'status', 'runSchedule', 'totalBudget']);
      if (set.name !== undefined) string(set, 'name', { max: 100 });
      if (set.status !== undefined) oneOf(set, 'status', GROUP_STATUSES);
      if (set.runSchedule !== undefined) schedule(set.runSchedule, 'runSchedule');
      if (set.totalBudget !== undefined) amount(set.totalBudget, 'totalBudget', account.currency);
      if (set.status === 'PENDING_DELETION') {
        const open = (await store.list<Json>('campaign', accountId, id)).filter(
          (c) => !CLOSED_STATUSES.has(String(c.data.status)),
        );
        if (open.length > 0) {
          throw new Invalid(
            `Campaign group ${id} still has ${open.length} campaign(s) that are not deleted or archived`,
            'patch/$set/status',
          );
        }
        // LinkedIn finishes the deletion later; the sandbox does it at once.
        await store.remove('campaign_group', id);
        return reply.status(204).send();
      }
      await store.update('campaign_group', id, { ...found.data, ...set }, sandbox.now());
      return reply.status(204).send();
    }),
  );

  scope.delete<{ Params: Params }>(
    '/rest/adAccounts/:account/adCampaignGroups/:id',
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      if (!(await sandbox.account(request, reply, accountId)) || (await answerFault(reply, id))) return reply;
      const found = await group(reply, accountId, id);
      if (!found) return reply;
      if (found.data.status !== 'DRAFT') {
        throw new Invalid(
          `Only DRAFT campaign groups can be deleted; campaign group ${id} is ${found.data.status}: set its status to PENDING_DELETION instead`,
        );
      }
      await store.remove('campaign_group', id);
      return reply.status(204).send();
    }),
  );

  scope.get<{ Params: Params; Querystring: { q?: string } }>(
    '/rest/adAccounts/:account/adCampaigns',
    async (request, reply) => {
      const accountId = request.params.account;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      if (request.query.q !== 'search') return fail(reply, 400, 'Use the search finder: q=search');
      const elements = (await store.list<Json>('campaign', accountId)).map(representCampaign);
      return { elements, paging: { start: 0, count: elements.length, total: elements.length, links: [] } };
    },
  );

  scope.post<{ Params: Params }>(
    '/rest/adAccounts/:account/adCampaigns',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      const account = await sandbox.account(request, reply, accountId);
      if (!account) return reply;
      const body = object(request.body, 'body');
      const groupId = urnId(body.campaignGroup, 'sponsoredCampaignGroup');
      if (await answerFault(reply, groupId)) return reply;
      if (!groupId)
        throw new Invalid('campaignGroup must be a urn:li:sponsoredCampaignGroup URN', 'campaignGroup');
      const parent = await store.get<Json>('campaign_group', groupId);
      if (!parent || parent.accountId !== accountId)
        throw new Invalid(
          `Campaign group ${groupId} does not exist in ad account ${accountId}`,
          'campaignGroup',
        );
      if (CLOSED_STATUSES.has(String(parent.data.status)))
        throw new Invalid(
          `Campaign group ${groupId} is ${parent.data.status} and takes no new campaigns`,
          'campaignGroup',
        );
      const type = oneOf(body, 'type', CAMPAIGN_TYPES);
      const format = body.format === undefined ? undefined : oneOf(body, 'format', FORMATS[type] ?? []);
      const objective = oneOf(body, 'objectiveType', OBJECTIVES);
      if (parent.data.objectiveType && parent.data.objectiveType !== objective) {
        throw new Invalid(
          `objectiveType ${objective} must match the campaign group's objective ${parent.data.objectiveType}`,
          'objectiveType',
        );
      }
      oneOf(body, 'costType', COST_TYPES);
      const status = oneOf(body, 'status', ['ACTIVE', 'PAUSED', 'DRAFT']);
      string(body, 'name', { max: 255 });
      const locale = object(body.locale, 'locale');
      if (typeof locale.country !== 'string' || !/^[A-Z]{2}$/.test(locale.country))
        throw new Invalid('locale.country must be an uppercase ISO 3166 country code', 'locale/country');
      if (typeof locale.language !== 'string' || !/^[a-z]{2}$/.test(locale.language))
        throw new Invalid('locale.language must be a lowercase ISO 639 language code', 'locale/language');
      schedule(body.runSchedule, 'runSchedule');
      targeting(body.targetingCriteria);
      if (body.dailyBudget === undefined && body.totalBudget === undefined)
        throw new Invalid('Either dailyBudget or totalBudget is required', 'dailyBudget');
      const daily =
        body.dailyBudget === undefined
          ? undefined
          : amount(body.dailyBudget, 'dailyBudget', account.currency);
      if (daily !== undefined && daily < MIN_DAILY_BUDGET) {
        throw new Invalid(
          `Daily budget ${daily.toFixed(2)} ${account.currency} is below the minimum of ${MIN_DAILY_BUDGET.toFixed(2)} ${account.currency}`,
          'dailyBudget/amount',
        );
      }
      if (body.totalBudget !== undefined) {
        const total = amount(body.totalBudget, 'totalBudget', account.currency);
        if (daily !== undefined && total < daily)
          throw new Invalid('totalBudget must be at least the daily budget', 'totalBudget/amount');
      }
      if (body.unitCost !== undefined) amount(body.unitCost, 'unitCost', account.currency);
      if ((await store.count('campaign', accountId)) >= MAX_CAMPAIGNS_PER_ACCOUNT) {
        throw new Invalid(
          `Ad account ${accountId} already has ${MAX_CAMPAIGNS_PER_ACCOUNT} campaigns, the most LinkedIn allows: archive or delete some first`,
        );
      }
      const id = sandboxId(9);
      const { account: _account, ...rest } = body;
      await store.put(
        {
          type: 'campaign',
          id,
          accountId,
          parentId: groupId,
          data: { ...rest, type, ...(format && { format }), status },
        },
        sandbox.now(),
      );
      return created(reply, id, `/adAccounts/${accountId}/adCampaigns/${id}`);
    }),
  );

  scope.get<{ Params: Params }>('/rest/adAccounts/:account/adCampaigns/:id', async (request, reply) => {
    const { account: accountId, id } = request.params;
    if (!(await sandbox.account(request, reply, accountId)) || (await answerFault(reply, id))) return reply;
    const found = await campaign(reply, accountId, id);
    return found ? representCampaign(found) : reply;
  });

  scope.post<{ Params: Params }>(
    '/rest/adAccounts/:account/adCampaigns/:id',
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      const account = await sandbox.account(request, reply, accountId);
      if (!account || (await answerFault(reply, id))) return reply;
      const set = patchOf(request);
      const found = await campaign(reply, accountId, id);
      if (!found) return reply;
      onlyFields(set, ['name', 'status', 'dailyBudget', 'totalBudget', 'runSchedule', 'targetingCriteria']);
      if (set.name !== undefined) string(set, 'name', { max: 255 });
      if (set.status !== undefined) oneOf(set, 'status', CAMPAIGN_STATUSES);
      if (
        set.dailyBudget !== undefined &&
        amount(set.dailyBudget, 'dailyBudget', account.currency) < MIN_DAILY_BUDGET
      )
        throw new Invalid(
          `Daily budget is below the minimum of ${MIN_DAILY_BUDGET.toFixed(2)} ${account.currency}`,
          'dailyBudget/amount',
        );
      if (set.totalBudget !== undefined) amount(set.totalBudget, 'totalBudget', account.currency);
      if (set.runSchedule !== undefined) schedule(set.runSchedule, 'runSchedule');
      if (set.targetingCriteria !== undefined) targeting(set.targetingCriteria);
      if (set.status === 'PENDING_DELETION') {
        // LinkedIn finishes the deletion later; the sandbox does it at once, with the campaign's ads.
        for (const creative of await store.list('creative', accountId, id))
          await store.remove('creative', creative.id);
        for (const pair of await store.list('campaign_conversion', accountId, id))
          await store.remove('campaign_conversion', pair.id);
        await store.remove('campaign', id);
        return reply.status(204).send();
      }
      await store.update('campaign', id, { ...found.data, ...set }, sandbox.now());
      return reply.status(204).send();
    }),
  );

  scope.delete<{ Params: Params }>(
    '/rest/adAccounts/:account/adCampaigns/:id',
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      if (!(await sandbox.account(request, reply, accountId)) || (await answerFault(reply, id))) return reply;
      const found = await campaign(reply, accountId, id);
      if (!found) return reply;
      if (found.data.status !== 'DRAFT') {
        throw new Invalid(
          `Only DRAFT campaigns can be deleted; campaign ${id} is ${found.data.status}: set its status to PENDING_DELETION instead`,
        );
      }
      for (const creative of await store.list('creative', accountId, id))
        await store.remove('creative', creative.id);
      await store.remove('campaign', id);
      return reply.status(204).send();
    }),
  );
}
