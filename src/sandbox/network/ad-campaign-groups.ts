import type { FastifyInstance } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import { type StoredObject, sandboxId } from '../store.ts';
import { noteCampaignActivity } from './campaign-activity.ts';
import { answerFault, Invalid, type NetworkSandbox } from './context.ts';
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
  CLOSED_STATUSES,
  GROUP_FIELDS,
  GROUP_STATUSES,
  type Json,
  knownFields,
  OBJECTIVES,
  object,
  oneOf,
  schedule,
  string,
} from './validate.ts';

function representGroup(group: StoredObject<Json>): Json {
  return {
    ...group.data,
    id: numeric(group.id),
    account: `urn:li:sponsoredAccount:${group.accountId}`,
    changeAuditStamps: changeAuditStamps(group),
  };
}

/** `adCampaignGroups` of an ad account: create, search, batch get, get, partial updates, delete. */
export function registerCampaignGroupRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;

  async function group(accountId: string, id: string): Promise<StoredObject<Json>> {
    const found = await store.get<Json>('campaign_group', id);
    if (!found || found.accountId !== accountId)
      throw new Invalid(`Campaign group ${id} does not exist in ad account ${accountId}`, undefined, 404);
    return found;
  }

  /** Sets fields of a group, as a PARTIAL_UPDATE or one entity of a batch asks. */
  async function patchGroup(account: SandboxAccount, accountId: string, id: string, set: Json) {
    const found = await group(accountId, id);
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
      return;
    }
    await store.update('campaign_group', id, { ...found.data, ...set }, sandbox.now());
    if (set.status !== undefined && set.status !== found.data.status) {
      // The group's campaigns start or stop serving with it.
      for (const campaign of await store.list<Json>('campaign', accountId, id))
        await noteCampaignActivity(
          sandbox.services.storage.db,
          campaign.id,
          campaign.data,
          set.status,
          sandbox.now(),
        );
    }
  }

  scope.post<{ Params: EntityParams }>(
    '/rest/adAccounts/:account/adCampaignGroups',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      const account = await sandbox.account(request, reply, accountId);
      if (!account) return reply;
      if (collectionPost(request) === 'batch') {
        onlyParameters(request, ['ids']);
        return batchPartialUpdate(request, (id, set) => patchGroup(account, accountId, id, set));
      }
      onlyParameters(request, []);
      const body = object(request.body, 'body');
      knownFields(body, GROUP_FIELDS);
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

  scope.get<{ Params: EntityParams }>(
    '/rest/adAccounts/:account/adCampaignGroups',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const ids = batchIds(request);
      if (ids) {
        return batchGet(
          request,
          ids,
          async (id) => {
            const found = await store.get<Json>('campaign_group', id);
            return found?.accountId === accountId ? representGroup(found) : undefined;
          },
          (id) => `Campaign group ${id} does not exist in ad account ${accountId}`,
        );
      }
      onlyParameters(request, SEARCH_PARAMETERS);
      if (queryParameter(request, 'q') !== 'search') throw new Invalid('Use the search finder: q=search');
      const criteria = searchCriteria(request, ['id', 'name', 'status', 'test']);
      // A magic id among the ids or groups searched for answers its fault, as a get of it would.
      if (await answerFault(reply, ...(criteria.get('id') ?? []), ...(criteria.get('campaignGroup') ?? [])))
        return reply;
      const groups = (await store.list<Json>('campaign_group', accountId)).map(representGroup);
      return page(
        sorted(
          groups.filter((g) => matches(g, criteria)),
          request,
        ),
        request,
      );
    }),
  );

  entityRoutes(scope, sandbox, '/rest/adAccounts/:account/adCampaignGroups', {
    read: group,
    represent: representGroup,
    patch: patchGroup,
  });

  scope.delete<{ Params: EntityParams }>(
    '/rest/adAccounts/:account/adCampaignGroups/:id',
    guarded(async (request, reply) => {
      const { account: accountId, id } = request.params;
      if (!(await sandbox.account(request, reply, accountId)) || (await answerFault(reply, id))) return reply;
      onlyParameters(request, []);
      const found = await group(accountId, id);
      if (found.data.status !== 'DRAFT') {
        throw new Invalid(
          `Only DRAFT campaign groups can be deleted; campaign group ${id} is ${found.data.status}: set its status to PENDING_DELETION instead`,
        );
      }
      await store.remove('campaign_group', id);
      return reply.status(204).send();
    }),
  );
}
