import type { FastifyInstance } from 'fastify';
import { guarded, numeric } from './campaigns.ts';
import { answerFault, fail, Invalid, listParameter, type NetworkSandbox, urnId } from './context.ts';
import { type Json, object } from './validate.ts';

/** `(campaign:urn:li:sponsoredCampaign:1,conversion:urn:lla:llaPartnerConversion:2)`, decoded. */
function parseKey(key: string): { campaign: string; conversion: string } | undefined {
  const match = /^\(campaign:([^,]+),conversion:([^)]+)\)$/.exec(key);
  if (!match?.[1] || !match[2]) return undefined;
  return { campaign: decodeURIComponent(match[1]), conversion: decodeURIComponent(match[2]) };
}

/** Conversion rules and their association with campaigns (`campaignConversions`). */
export function registerConversionRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;

  async function conversion(request: Parameters<NetworkSandbox['granted']>[0], id: string) {
    const found = await store.get<Json>('conversion', id);
    return found && sandbox.granted(request).includes(found.accountId) ? found : undefined;
  }

  scope.get<{ Params: { id: string } }>('/rest/conversions/:id', async (request, reply) => {
    const id = urnId(request.params.id, 'llaPartnerConversion') ?? request.params.id;
    if (await answerFault(reply, id)) return reply;
    const found = await conversion(request, id);
    if (!found) return fail(reply, 404, `Conversion ${id} does not exist`);
    return {
      ...found.data,
      id: numeric(found.id),
      account: `urn:li:sponsoredAccount:${found.accountId}`,
      enabled: true,
    };
  });

  scope.get<{ Querystring: { q?: string; campaigns?: string } }>(
    '/rest/campaignConversions',
    async (request, reply) => {
      const { q, campaigns } = request.query as { q?: string; campaigns?: string };
      if (q !== 'campaigns')
        return fail(reply, 400, 'Use the campaigns finder: q=campaigns&campaigns=List(...)');
      const ids = listParameter(campaigns).map((value) => urnId(value, 'sponsoredCampaign'));
      if (ids.length === 0 || ids.some((id) => id === undefined))
        return fail(reply, 400, 'campaigns must be a List of urn:li:sponsoredCampaign URNs');
      if (await answerFault(reply, ...(ids as string[]))) return reply;
      const elements = [];
      for (const id of ids as string[]) {
        const campaign = await store.get('campaign', id);
        if (!campaign || !sandbox.granted(request).includes(campaign.accountId)) continue;
        for (const pair of await store.list<Json>('campaign_conversion', campaign.accountId, id))
          elements.push(pair.data);
      }
      return { elements, paging: { start: 0, count: elements.length, total: elements.length, links: [] } };
    },
  );

  scope.put<{ Params: { key: string } }>(
    '/rest/campaignConversions/:key',
    guarded(async (request, reply) => {
      const key = parseKey(request.params.key);
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
