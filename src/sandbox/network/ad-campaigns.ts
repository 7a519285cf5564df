import type { FastifyInstance } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import { type StoredObject, sandboxId } from '../store.ts';
import { noteCampaignActivity } from './campaign-activity.ts';
import { answerFault, Invalid, type NetworkSandbox, urnId } from './context.ts';
import {
  changeAuditStamps,
  collectionPost,
  created,
  type EntityParams,
  entityRoutes,
  guarded,
  matches,
  numeric,
  onlyFields,
  SEARCH_PARAMETERS,
  sorted,
} from './entities.ts';
import {
  batchGet,
  batchIds,
  batchPartialUpdate,
  onlyParameters,
  page,
  queryParameter,
  searchCriteria,
} from './restli.ts';
import {
  amount,
  CAMPAIGN_FIELDS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  CLOSED_STATUSES,
  COST_TYPES,
  FORMATS,
  type Json,
  knownFields,
  MAX_CAMPAIGNS_PER_ACCOUNT,
  MIN_DAILY_BUDGET,
  OBJECTIVES,
  object,
  oneOf,
  schedule,
  string,
  targeting,
} from './validate.ts';

export function representCampaign(campaign: StoredObject<Json>): Json {
  return {
    ...campaign.data,
    id: numeric(campaign.id),
    account: `urn:li:sponsoredAccount:${campaign.accountId}`,
    changeAuditStamps: changeAuditStamps(campaign),
  };
}

/** `adCampaigns` of an ad account: create, search, batch get, get, partial updates, delete. */
export function registerCampaignRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;

  async function campaign(accountId: string, id: string): Promise<StoredObject<Json>> {
    const found = await store.get<Json>('campaign', id);
    if (!found || found.accountId !== accountId)
      throw new Invalid(`Campaign ${id} does not exist in ad account ${accountId}`, undefined, 404);
    return found;
  }

  scope.get<{ Params: EntityParams }>(
    '/rest/adAccounts/:account/adCampaigns',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const ids = batchIds(request);
      if (ids) {
        return batchGet(
          request,
          ids,
          async (id) => {
            const found = await store.get<Json>('campaign', id);
            return found?.accountId === accountId ? representCampaign(found) : undefined;
          },
          (id) => `Campaign ${id} does not exist in ad account ${accountId}`,
        );
      }
      onlyParameters(request, SEARCH_PARAMETERS);
      if (queryParameter(request, 'q') !== 'search') throw new Invalid('Use the search finder: q=search');
      const criteria = searchCriteria(request, ['id', 'name', 'status', 'campaignGroup', 'type', 'test']);
      // A magic id among the ids or groups searched for answers its fault, as a get of it would.
      if (await answerFault(reply, ...(criteria.get('id') ?? []), ...(criteria.get('campaignGroup') ?? [])))
        return reply;
      const campaigns = (await store.list<Json>('campaign', accountId)).map(representCampaign);
      return page(
        sorted(
          campaigns.filter((c) => matches(c, criteria)),
          request,
        ),
        request,
      );
    }),
  );

  /** Sets fields of a campaign, as a PARTIAL_UPDATE or one entity of a batch asks. */
  async function patchCampaign(account: SandboxAccount, accountId: string, id: string, set: Json) {
    const found = await campaign(accountId, id);
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
    const changed = { ...found.data, ...set };
    if (set.status !== undefined || set.dailyBudget !== undefined) {
      const parent = found.parentId ? await store.get<Json>('campaign_group', found.parentId) : undefined;
      await noteCampaignActivity(
        sandbox.services.storage.db,
        id,
        changed,
        parent?.data.status,
        sandbox.now(),
      );
    }
    if (set.status === 'PENDING_DELETION') {
      // LinkedIn finishes the deletion later; the sandbox does it at once, with the campaign's ads.
      for (const creative of await store.list('creative', accountId, id))
        await store.remove('creative', creative.id);
      for (const pair of await store.list('campaign_conversion', accountId, id))
        await store.remove('campaign_conversion', pair.id);
      await store.remove('campaign', id);
      return;
    }
    await store.update('campaign', id, changed, sandbox.now());
  }

  scope.post<{ Params: EntityParams }>(
    '/rest/adAccounts/:account/adCampaigns',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      const account = await sandbox.account(request, reply, accountId);
      if (!account) return reply;
      if (collectionPost(request) === 'batch') {
        onlyParameters(request, ['ids']);
        return batchPartialUpdate(request, (id, set) => patchCampaign(account, accountId, id, set));
      }
      onlyParameters(request, []);
      const body = object(request.body, 'body');
      const groupId = urnId(body.campaignGroup, 'sponsoredCampaignGroup');
      if (await answerFault(reply, groupId)) return reply;
      knownFields(body, CAMPAIGN_FIELDS);
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
      const data = { ...rest, type, ...(format && { format }), status };
      await store.put({ type: 'campaign', id, accountId, parentId: groupId, data }, sandbox.now());
      await noteCampaignActivity(sandbox.services.storage.db, id, data, parent.data.status, sandbox.now());
      return created(reply, id, `/adAccounts/${accountId}/adCampaigns/${id}`);
    }),
  );

  entityRoutes(scope, sandbox, '/rest/adAccounts/:account/adCampaigns', {
    read: campaign,
    represent: representCampaign,
    patch: patchCampaign,
  });

  scope.delete<{ Params: EntityParams }>(
    '/rest/adAccounts/:account/adCampaigns/:id',
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      if (!(await sandbox.account(request, reply, accountId)) || (await answerFault(reply, id))) return reply;
      onlyParameters(request, []);
      const found = await campaign(accountId, id);
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
