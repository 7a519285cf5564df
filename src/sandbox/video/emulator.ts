import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../../context.ts';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import type { VideoCampaign } from '../../platforms/video/client.ts';
import { checkAccess, tokenAccounts } from '../access.ts';
import { registerApprovalPage } from '../approval-page.ts';
import { magicFault, sandboxLatency, slowDown } from '../faults.ts';
import type { SandboxAccount } from '../seed.ts';
import { SandboxStore } from '../store.ts';
import { checkSandboxToken, issueSandboxToken, revokeSandboxToken } from '../tokens.ts';

const MIN_BUDGET = 50;
const BUDGET_MODES = ['BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL', 'BUDGET_MODE_INFINITE'];

type Campaign = Omit<VideoCampaign, 'campaign_id'>;

/** TikTok answers every call with HTTP 200 and a code; 0 is success. */
function answer(reply: FastifyReply, code: number, message: string, data: unknown = {}) {
  return reply.send({ code, message, request_id: randomUUID().replaceAll('-', ''), data });
}

/** The TikTok Business API v1.3 emulator: campaigns, OAuth, advertisers; TikTok's codes and messages. */
export function registerVideoSandbox(scope: FastifyInstance, services: Services): void {
  const store = new SandboxStore(services.storage.db, 'video');
  registerApprovalPage(scope, services, 'video', { clientParameter: 'app_id', codeParameter: 'auth_code' });

  scope.setErrorHandler((error, _request, reply) => {
    services.logger.warn({ err: error }, 'video sandbox failed');
    reply
      .status(500)
      .send({ code: 50000, message: 'System error', request_id: randomUUID().replaceAll('-', '') });
  });
  scope.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: 40400, message: 'Not Found' }),
  );

  /** Checks the token and account like TikTok; answers and returns false when the call may not go on. */
  async function admit(reply: FastifyReply, token: string | undefined, advertiserId: string | undefined) {
    await sandboxLatency(services);
    if (!advertiserId) {
      answer(reply, 40002, 'advertiser_id: Missing data for required field.');
      return false;
    }
    const access = await checkAccess(services, 'video', token, advertiserId);
    if (access.ok) return true;
    if (access.reason === 'missing') answer(reply, 40104, 'Access token is null, please check.');
    else if (access.reason === 'forbidden')
      answer(reply, 40001, `No permission to operate advertiser ${advertiserId}.`);
    else answer(reply, 40105, 'Access token is invalid or has expired.');
    return false;
  }

  /** Magic ids answer like TikTok under those conditions; returns true when a fault was answered. */
  async function fault(reply: FastifyReply, campaignId: string | undefined): Promise<boolean> {
    switch (magicFault(campaignId)) {
      case 'rate_limited':
        answer(reply, 40100, 'Too many requests. Please retry in some time.');
        return true;
      case 'server_error':
        answer(reply, 50000, 'System error, please try again later.');
        return true;
      case 'token_expired':
        answer(reply, 40105, 'Access token is invalid or has expired.');
        return true;
      case 'slow':
        await slowDown();
        return false;
      default:
        return false;
    }
  }

  scope.get<{ Querystring: { advertiser_id?: string; filtering?: string } }>(
    '/open_api/:version/campaign/get/',
    async (request, reply) => {
      const { advertiser_id: advertiserId, filtering } = request.query;
      if (!(await admit(reply, request.headers['access-token'] as string | undefined, advertiserId)))
        return reply;
      let ids: string[] | undefined;
      try {
        ids = filtering ? (JSON.parse(filtering) as { campaign_ids?: string[] }).campaign_ids : undefined;
      } catch {
        return answer(reply, 40002, 'filtering: Not a valid JSON.');
      }
      if (await fault(reply, ids?.[0])) return reply;
      const campaigns = (await store.list<Campaign>('campaign', advertiserId ?? ''))
        .filter((c) => !ids || ids.includes(c.id))
        .map((c) => ({ campaign_id: c.id, advertiser_id: advertiserId, ...c.data }));
      return answer(reply, 0, 'OK', {
        list: campaigns,
        page_info: { page: 1, page_size: 10, total_number: campaigns.length, total_page: 1 },
      });
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/campaign/update/',
    async (request, reply) => {
      const body = request.body ?? {};
      const advertiserId = typeof body.advertiser_id === 'string' ? body.advertiser_id : undefined;
      if (!(await admit(reply, request.headers['access-token'] as string | undefined, advertiserId)))
        return reply;
      const campaignId = typeof body.campaign_id === 'string' ? body.campaign_id : undefined;
      if (await fault(reply, campaignId)) return reply;
      const campaign = campaignId ? await store.get<Campaign>('campaign', campaignId) : undefined;
      if (!campaign || campaign.accountId !== advertiserId) {
        return answer(
          reply,
          40002,
          `Campaign ${campaignId ?? '(missing campaign_id)'} does not exist in this advertiser.`,
        );
      }
      const next: Campaign = { ...campaign.data };
      if (body.campaign_name !== undefined) {
        const name = String(body.campaign_name);
        if (name.length === 0 || name.length > 512)
          return answer(reply, 40002, 'campaign_name: Length must be between 1 and 512.');
        next.campaign_name = name;
      }
      if (body.budget_mode !== undefined) {
        if (!BUDGET_MODES.includes(String(body.budget_mode)))
          return answer(reply, 40002, 'budget_mode: Invalid enum value.');
        if (body.budget_mode !== campaign.data.budget_mode && body.budget === undefined) {
          return answer(reply, 40002, 'budget: A new budget is required when the budget mode changes.');
        }
        next.budget_mode = String(body.budget_mode);
      }
      if (body.budget !== undefined) {
        const budget = Number(body.budget);
        if (
          !Number.isFinite(budget) ||
          (next.budget_mode !== 'BUDGET_MODE_INFINITE' && budget < MIN_BUDGET)
        ) {
          return answer(reply, 40002, `Budget must be greater than or equal to ${MIN_BUDGET.toFixed(2)}.`);
        }
        next.budget = budget;
      }
      await store.update('campaign', campaign.id, next, services.clock.now());
      return answer(reply, 0, 'OK', { campaign_id: campaign.id });
    },
  );

  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/oauth2/access_token/',
    async (request, reply) => {
      const body = request.body ?? {};
      if (body.app_id !== SANDBOX_CLIENT.clientId || body.secret !== SANDBOX_CLIENT.clientSecret) {
        return answer(reply, 40001, 'app_id or secret is invalid.');
      }
      const code = String(body.auth_code ?? '');
      const now = services.clock.now();
      const grant = await checkSandboxToken(services.storage.db, 'video', 'code', code, now);
      if (!grant.ok) return answer(reply, 40002, 'auth_code is invalid or has expired.');
      await revokeSandboxToken(services.storage.db, code, now);
      const access = await issueSandboxToken(services.storage.db, 'video', 'access', grant.accountIds, now);
      return answer(reply, 0, 'OK', {
        access_token: access.token,
        advertiser_ids: grant.accountIds,
        scope: [1, 2, 3, 4],
      });
    },
  );

  scope.get('/open_api/:version/oauth2/advertiser/get/', async (request, reply) => {
    const ids = await tokenAccounts(services, 'video', request.headers['access-token'] as string | undefined);
    if (ids.length === 0) return answer(reply, 40105, 'Access token is invalid or has expired.');
    const list = [];
    for (const id of ids) {
      const account = await store.get<SandboxAccount>('account', id);
      if (account) list.push({ advertiser_id: id, advertiser_name: account.data.name });
    }
    return answer(reply, 0, 'OK', { list });
  });

  scope.get<{ Querystring: { advertiser_ids?: string } }>(
    '/open_api/:version/advertiser/info/',
    async (request, reply) => {
      const token = request.headers['access-token'] as string | undefined;
      const granted = await tokenAccounts(services, 'video', token);
      if (granted.length === 0) return answer(reply, 40105, 'Access token is invalid or has expired.');
      let ids: string[];
      try {
        ids = JSON.parse(request.query.advertiser_ids ?? '[]') as string[];
      } catch {
        return answer(reply, 40002, 'advertiser_ids: Not a valid list.');
      }
      const list = [];
      for (const id of ids.filter((i) => granted.includes(i))) {
        const account = await store.get<SandboxAccount>('account', id);
        if (account)
          list.push({
            advertiser_id: id,
            name: account.data.name,
            currency: account.data.currency,
            status: 'STATUS_ENABLE',
          });
      }
      return answer(reply, 0, 'OK', { list });
    },
  );
}
