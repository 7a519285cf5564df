import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerFault, fail, Invalid, type NetworkSandbox, urnId } from './context.ts';
import { guarded, numeric } from './entities.ts';
import {
  batchGet,
  listParameter,
  onlyParameters,
  PROJECTION,
  page,
  parseRestli,
  project,
  projectionOf,
  queryParameter,
} from './restli.ts';
import { type Json, knownFields, object } from './validate.ts';

/**
 * The compound key of the path, `(campaign:urn%3Ali%3A...,conversion:urn%3Alla%3A...)`, read from the
 * path as sent: its values are percent-encoded once, and decoding the path first would lose that.
 */
function keyOf(request: FastifyRequest): { campaign: string; conversion: string } | undefined {
  const path = request.raw.url?.split('?')[0] ?? '';
  const key = parseRestli(path.slice(path.lastIndexOf('/') + 1));
  if (typeof key !== 'object' || Array.isArray(key)) return undefined;
  const { campaign, conversion, ...rest } = key;
  if (typeof campaign !== 'string' || typeof conversion !== 'string' || Object.keys(rest).length > 0)
    return undefined;
  return { campaign, conversion };
}

/** Conversion rules and their association with campaigns (`campaignConversions`). */
export function registerConversionRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;

  async function conversion(request: Parameters<NetworkSandbox['granted']>[0], id: string) {
    const found = await store.get<Json>('conversion', id);
    return found && sandbox.granted(request).includes(found.accountId) ? found : undefined;
  }

  async function representConversion(request: FastifyRequest, id: string): Promise<Json | undefined> {
    const found = await conversion(request, id);
    if (!found) return undefined;
    return {
      ...found.data,
      id: numeric(found.id),
      account: `urn:li:sponsoredAccount:${found.accountId}`,
      enabled: true,
    };
  }

  scope.get(
    '/rest/conversions',
    guarded(async (request) => {
      onlyParameters(request, ['ids', ...PROJECTION]);
      const ids = listParameter(request, 'ids');
      if (!ids)
        throw new Invalid('The sandbox serves conversions by id: /conversions/{id}, or ids=List(...)');
      return batchGet(
        request,
        ids,
        (id) => representConversion(request, urnId(id, 'llaPartnerConversion') ?? id),
        (id) => `Conversion ${id} does not exist`,
      );
    }),
  );

  scope.get<{ Params: { id: string } }>(
    '/rest/conversions/:id',
    guarded(async (request, reply) => {
      onlyParameters(request, PROJECTION);
      const id = urnId(request.params.id, 'llaPartnerConversion') ?? request.params.id;
      if (await answerFault(reply, id)) return reply;
      const found = await representConversion(request, id);
      if (!found) return fail(reply, 404, `Conversion ${id} does not exist`);
      return project(found, projectionOf(request));
    }),
  );

  scope.get(
    '/rest/campaignConversions',
    guarded(async (request, reply) => {
      onlyParameters(request, ['q', 'campaigns', 'start', 'count', ...PROJECTION]);
      if (queryParameter(request, 'q') !== 'campaigns')
        throw new Invalid('Use the campaigns finder: q=campaigns&campaigns=List(...)');
      const ids = (listParameter(request, 'campaigns') ?? []).map((value) =>
        urnId(value, 'sponsoredCampaign'),
      );
      if (ids.length === 0 || ids.some((id) => id === undefined))
        throw new Invalid('campaigns must be a List of urn:li:sponsoredCampaign URNs');
      if (await answerFault(reply, ...(ids as string[]))) return reply;
      const elements: Json[] = [];
      for (const id of ids as string[]) {
        const campaign = await store.get('campaign', id);
        if (!campaign || !sandbox.granted(request).includes(campaign.accountId)) continue;
        for (const pair of await store.list<Json>('campaign_conversion', campaign.accountId, id))
          elements.push(pair.data);
      }
      return page(elements, request, 'index');
    }),
  );

  scope.put<{ Params: { key: string } }>(
    '/rest/campaignConversions/:key',
    guarded(async (request, reply) => {
      onlyParameters(request, []);
      const key = keyOf(request);
      if (!key) {
        throw new Invalid(
          'The key must be (campaign:urn:li:sponsoredCampaign:N,conversion:urn:lla:llaPartnerConversion:M)',
        );
      }
      const campaignId = urnId(key.campaign, 'sponsoredCampaign');
      const conversionId = urnId(key.conversion, 'llaPartnerConversion');
      if (await answerFault(reply, campaignId, conversionId)) return reply;
      if (!campaignId || !conversionId)
        throw new Invalid('The key names a campaign URN and a conversion URN');
      const body = object(request.body, 'body');
      knownFields(body, ['campaign', 'conversion']);
      if (body.campaign !== key.campaign || body.conversion !== key.conversion)
        throw new Invalid('The body must repeat the campaign and conversion of the key', 'campaign');
      const campaign = await store.get('campaign', campaignId);
      if (!campaign || !sandbox.granted(request).includes(campaign.accountId))
        return fail(reply, 404, `Campaign ${campaignId} does not exist`);
      const found = await conversion(request, conversionId);
      if (!found) return fail(reply, 404, `Conversion ${conversionId} does not exist`);
      if (found.accountId !== campaign.accountId) {
        throw new Invalid(
          `Conversion ${conversionId} belongs to ad account ${found.accountId}, campaign ${campaignId} to ad account ${campaign.accountId}`,
        );
      }
      const id = `${campaignId}:${conversionId}`;
      if (!(await store.get('campaign_conversion', id))) {
        const data = {
          campaign: key.campaign,
          conversion: key.conversion,
          associatedAt: sandbox.now().getTime(),
        };
        try {
          await store.put(
            { type: 'campaign_conversion', id, accountId: campaign.accountId, parentId: campaignId, data },
            sandbox.now(),
          );
        } catch (error) {
          // A concurrent PUT of the same pair won: the association exists, which is all a PUT promises.
          if (!(await store.get('campaign_conversion', id))) throw error;
        }
      }
      return reply.status(204).send();
    }),
  );
}
