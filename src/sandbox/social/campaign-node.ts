import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import { SandboxStore, type StoredObject } from '../store.ts';
import { graphTime, recordCampaignActivity, type SandboxCampaign } from './campaign-records.ts';
import { readCampaignUpdate } from './campaign-update.ts';
import { campaignNode } from './campaigns.ts';
import { graphError, parseFields, project, unknownField } from './graph.ts';
import type { Admitted, GraphCalls } from './graph-calls.ts';
import { CAMPAIGN } from './node-types.ts';
import { unsupportedRequest } from './refusals.ts';
import { CAMPAIGN_UPDATE_NOT_SERVED, CAMPAIGN_UPDATE_PARAMETERS, NODE_PARAMETERS } from './request.ts';

interface NodeRequest {
  Params: { version: string; node: string };
  Body: unknown;
}

/**
 * `GET` and `POST /{campaign_id}`: a campaign read by its id (deleted ones too, as Graph reads them) and
 * its update (name, status, daily_budget; `execution_options=["validate_only"]` checks without
 * changing), answered `{success: true}` like Graph. Only the ad accounts of the token are seen: any
 * other id is answered as Graph answers an object it cannot load. A change of status or daily budget is
 * recorded as the campaign's activity from today on, so its insights follow.
 */
export function registerCampaignNode(scope: FastifyInstance, calls: GraphCalls): void {
  const { services, store } = calls;

  /** The campaign of the path, if the token may see it and its ad account has no fault to answer. */
  async function campaignOf(
    reply: FastifyReply,
    method: string,
    node: string,
    admitted: Admitted,
  ): Promise<StoredObject<SandboxCampaign> | undefined> {
    const stored = /^\d+$/.test(node) ? await store.get<SandboxCampaign>('campaign', node) : undefined;
    if (!stored || !admitted.accountIds.includes(stored.accountId)) {
      unsupportedRequest(reply, method, node);
      return undefined;
    }
    return (await calls.passesFault(reply, stored.accountId, admitted.now)) ? stored : undefined;
  }

  scope.get<NodeRequest>('/:version/:node', async (request, reply) => {
    const { node } = request.params;
    const admitted = await calls.admit(request, reply, `/${node}`, NODE_PARAMETERS);
    if (!admitted) return reply;
    const stored = await campaignOf(reply, 'GET', node, admitted);
    if (!stored) return reply;
    const fields = parseFields(admitted.query.fields);
    const problem = unknownField(CAMPAIGN, fields);
    if (problem) return graphError(reply, 400, { message: problem, type: 'OAuthException', code: 100 });
    return reply.send(project(campaignNode(stored), CAMPAIGN, fields));
  });

  scope.post<NodeRequest>('/:version/:node', async (request, reply) => {
    const { node } = request.params;
    const accepted = [...CAMPAIGN_UPDATE_PARAMETERS, ...CAMPAIGN_UPDATE_NOT_SERVED];
    const admitted = await calls.admit(request, reply, `/${node}`, accepted, request.body);
    if (!admitted) return reply;
    const stored = await campaignOf(reply, 'POST', node, admitted);
    if (!stored) return reply;
    const account = await store.get<SandboxAccount>('account', stored.accountId);
    const currency = account?.data.currency ?? 'USD';
    const update = readCampaignUpdate(admitted.query, stored.data, currency, graphTime(admitted.now));
    if ('refusal' in update) return graphError(reply, 400, update.refusal);
    if (update.validateOnly) return reply.send({ success: true });
    const { db } = services.storage;
    await db.transaction().execute(async (trx) => {
      await new SandboxStore(trx, 'social').update('campaign', node, update.campaign, admitted.now);
      if (update.changesSpend)
        await recordCampaignActivity(trx, node, update.campaign, currency, admitted.now);
    });
    return reply.send({ success: true });
  });
}
