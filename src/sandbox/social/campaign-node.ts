import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import { SandboxStore, type StoredObject } from '../store.ts';
import { accountObjects, adNode, adSetNode } from './ad-set-nodes.ts';
import { recordDelivery, type SandboxAd, type SandboxAdSet } from './ad-set-records.ts';
import { AD_SET_UPDATE_NOT_SERVED, AD_SET_UPDATE_PARAMETERS, readAdSetUpdate } from './ad-set-update.ts';
import { graphTime, type SandboxCampaign } from './campaign-records.ts';
import { readCampaignUpdate } from './campaign-update.ts';
import { campaignNode } from './campaigns.ts';
import { graphError, parseFields, project, unknownField } from './graph.ts';
import type { Admitted, GraphCalls } from './graph-calls.ts';
import { AD, AD_SET, CAMPAIGN } from './node-types.ts';
import { unsupportedRequest } from './refusals.ts';
import { CAMPAIGN_UPDATE_NOT_SERVED, CAMPAIGN_UPDATE_PARAMETERS, NODE_PARAMETERS } from './request.ts';

interface NodeRequest {
  Params: { version: string; node: string };
  Body: unknown;
}

/** The ad objects a node id may name. */
type Found =
  | { kind: 'campaign'; stored: StoredObject<SandboxCampaign> }
  | { kind: 'adset'; stored: StoredObject<SandboxAdSet> }
  | { kind: 'ad'; stored: StoredObject<SandboxAd> };

/**
 * `GET` and `POST /{id}` of a campaign or an ad set, `GET` of an ad: read by id (deleted ones too, as
 * Graph reads them) and updated (name, status, daily_budget; `execution_options=["validate_only"]`
 * checks without changing), answered `{success: true}` like Graph. Only the ad accounts of the token are
 * seen: any other id is answered as Graph answers an object it cannot load. A change of status or daily
 * budget is recorded as the campaign's and its ad sets' activity from that instant on, so their insights
 * follow (a paused ad set stops accruing; a campaign whose ad sets are all paused stops delivering).
 */
export function registerCampaignNode(scope: FastifyInstance, calls: GraphCalls): void {
  const { services, store } = calls;

  async function find(node: string): Promise<Found | undefined> {
    if (!/^\d+$/.test(node)) return undefined;
    const campaign = await store.get<SandboxCampaign>('campaign', node);
    if (campaign) return { kind: 'campaign', stored: campaign };
    const adSet = await store.get<SandboxAdSet>('adset', node);
    if (adSet) return { kind: 'adset', stored: adSet };
    const ad = await store.get<SandboxAd>('ad', node);
    return ad && { kind: 'ad', stored: ad };
  }

  /** The object, if the token may see it and its ad account has no fault to answer. */
  async function visible(
    reply: FastifyReply,
    method: string,
    node: string,
    found: Found | undefined,
    admitted: Admitted,
  ): Promise<Found | undefined> {
    if (!found || !admitted.accountIds.includes(found.stored.accountId)) {
      unsupportedRequest(reply, method, node);
      return undefined;
    }
    return (await calls.passesFault(reply, found.stored.accountId, admitted.now)) ? found : undefined;
  }

  scope.get<NodeRequest>('/:version/:node', async (request, reply) => {
    const { node } = request.params;
    const admitted = await calls.admit(request, reply, `/${node}`, NODE_PARAMETERS);
    if (!admitted) return reply;
    const found = await visible(reply, 'GET', node, await find(node), admitted);
    if (!found) return reply;
    const type = found.kind === 'campaign' ? CAMPAIGN : found.kind === 'adset' ? AD_SET : AD;
    const fields = parseFields(admitted.query.fields);
    const problem = unknownField(type, fields);
    if (problem) return graphError(reply, 400, { message: problem, type: 'OAuthException', code: 100 });
    if (found.kind === 'campaign') {
      return reply.send(project(campaignNode(found.stored), type, fields));
    }
    const objects = await accountObjects(store, found.stored.accountId);
    const value = found.kind === 'adset' ? adSetNode(found.stored, objects) : adNode(found.stored, objects);
    return reply.send(project(value, type, fields));
  });

  scope.post<NodeRequest>('/:version/:node', async (request, reply) => {
    const { node } = request.params;
    const target = await find(node);
    const accepted =
      target?.kind === 'adset'
        ? [...AD_SET_UPDATE_PARAMETERS, ...AD_SET_UPDATE_NOT_SERVED]
        : [...CAMPAIGN_UPDATE_PARAMETERS, ...CAMPAIGN_UPDATE_NOT_SERVED];
    const admitted = await calls.admit(request, reply, `/${node}`, accepted, request.body);
    if (!admitted) return reply;
    const found = await visible(reply, 'POST', node, target, admitted);
    if (!found) return reply;
    if (found.kind === 'ad') {
      return graphError(reply, 400, {
        message: '(#100) The adops sandbox does not serve POST on an ad yet',
        type: 'OAuthException',
        code: 100,
        error_user_title: 'Not served by the sandbox',
        error_user_msg: 'The sandbox updates campaigns and ad sets; an ad is updated by Meta only, for now.',
      });
    }
    const account = await store.get<SandboxAccount>('account', found.stored.accountId);
    const currency = account?.data.currency ?? 'USD';
    const updatedTime = graphTime(admitted.now);
    let campaign: StoredObject<SandboxCampaign> | undefined;
    let adSet: StoredObject<SandboxAdSet> | undefined;
    let changesSpend: boolean;
    if (found.kind === 'campaign') {
      const stored = found.stored;
      const update = readCampaignUpdate(admitted.query, stored.data, currency, updatedTime);
      if ('refusal' in update) return graphError(reply, 400, update.refusal);
      if (update.validateOnly) return reply.send({ success: true });
      campaign = { ...stored, data: update.campaign };
      changesSpend = update.changesSpend;
    } else {
      const stored = found.stored;
      const parent = await store.get<SandboxCampaign>('campaign', stored.data.campaign_id);
      const update = readAdSetUpdate(admitted.query, stored.data, parent?.data, currency, updatedTime);
      if ('refusal' in update) return graphError(reply, 400, update.refusal);
      if (update.validateOnly) return reply.send({ success: true });
      adSet = { ...stored, data: update.adSet };
      campaign = parent;
      changesSpend = update.changesSpend;
    }
    const { db } = services.storage;
    await db.transaction().execute(async (trx) => {
      const writes = new SandboxStore(trx, 'social');
      if (adSet) await writes.update('adset', adSet.id, adSet.data, admitted.now);
      else if (campaign) await writes.update('campaign', campaign.id, campaign.data, admitted.now);
      if (changesSpend && campaign) await recordDelivery(trx, campaign, currency, admitted.now);
    });
    return reply.send({ success: true });
  });
}
