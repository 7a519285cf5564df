import type { FastifyInstance } from 'fastify';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import { tokenAccounts } from '../access.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import type { SandboxStore } from '../store.ts';
import { checkSandboxToken, issueSandboxToken, revokeSandboxToken } from '../tokens.ts';
import { answer, CODE, invalid, refuseUnknown, TikTokRefusal } from './envelope.ts';
import { jsonParameter, text, textList } from './values.ts';

/** The fields advertiser/info may be asked for (TikTok's response fields); the sandbox holds four. */
const ADVERTISER_FIELDS = [
  'advertiser_id',
  'owner_bc_id',
  'status',
  'role',
  'rejection_reason',
  'name',
  'timezone',
  'display_timezone',
  'company',
  'company_name_editable',
  'industry',
  'address',
  'country',
  'advertiser_account_type',
  'currency',
  'contacter',
  'email',
  'cellphone_number',
  'telephone_number',
  'language',
  'license_no',
  'license_url',
  'license_province',
  'license_city',
  'promotion_area',
  'promotion_center_province',
  'promotion_center_city',
  'brand',
  'description',
  'balance',
  'create_time',
];

function checkApp(appId: unknown, secret: unknown): void {
  if (appId !== SANDBOX_CLIENT.clientId || secret !== SANDBOX_CLIENT.clientSecret)
    throw new TikTokRefusal(CODE.noPermission, 'app_id or secret is invalid.');
}

async function grantedAccounts(services: SandboxServices, token: unknown): Promise<string[]> {
  if (typeof token !== 'string' || token === '')
    throw new TikTokRefusal(CODE.missingToken, 'Access token is null, please check.');
  const granted = await tokenAccounts(services, 'video', token);
  if (granted.length === 0)
    throw new TikTokRefusal(CODE.invalidToken, 'Access token is invalid or has expired.');
  return granted;
}

/** TikTok's authorization calls: the auth code exchange, the authorized advertisers, advertiser info. */
export function registerAdvertiserRoutes(
  scope: FastifyInstance,
  services: SandboxServices,
  store: SandboxStore,
): void {
  scope.post<{ Body: Record<string, unknown> | undefined }>(
    '/open_api/:version/oauth2/access_token/',
    async (request, reply) => {
      const body = request.body ?? {};
      refuseUnknown(Object.keys(body), ['app_id', 'secret', 'auth_code']);
      checkApp(body.app_id, body.secret);
      const code = text('auth_code', body.auth_code ?? '');
      const now = services.clock.now();
      const grant = await checkSandboxToken(services.storage.db, 'video', 'code', code, now);
      if (!grant.ok) throw invalid('', 'auth_code is invalid or has expired.');
      await revokeSandboxToken(services.storage.db, code, now);
      const access = await issueSandboxToken(services.storage.db, 'video', 'access', grant, now);
      // TikTok's advertiser tokens do not expire: no expires_in, no refresh token.
      return answer(reply, CODE.ok, 'OK', {
        access_token: access.token,
        advertiser_ids: grant.accountIds,
        scope: [1, 2, 3, 4],
      });
    },
  );

  scope.get<{ Querystring: Record<string, unknown> }>(
    '/open_api/:version/oauth2/advertiser/get/',
    async (request, reply) => {
      refuseUnknown(Object.keys(request.query), ['app_id', 'secret']);
      checkApp(request.query.app_id, request.query.secret);
      const ids = await grantedAccounts(services, request.headers['access-token']);
      const list = [];
      for (const id of ids) {
        const account = await store.get<SandboxAccount>('account', id);
        if (account) list.push({ advertiser_id: id, advertiser_name: account.data.name });
      }
      return answer(reply, CODE.ok, 'OK', { list });
    },
  );

  scope.get<{ Querystring: Record<string, unknown> }>(
    '/open_api/:version/advertiser/info/',
    async (request, reply) => {
      refuseUnknown(Object.keys(request.query), ['advertiser_ids', 'fields']);
      const granted = await grantedAccounts(services, request.headers['access-token']);
      if (request.query.advertiser_ids === undefined)
        throw invalid('advertiser_ids', 'Missing data for required field.');
      const ids = textList('advertiser_ids', jsonParameter('advertiser_ids', request.query.advertiser_ids), {
        min: 1,
        max: 100,
      });
      const fields =
        request.query.fields === undefined
          ? undefined
          : textList('fields', jsonParameter('fields', request.query.fields), { min: 1, max: 100 });
      const unknown = fields?.filter((field) => !ADVERTISER_FIELDS.includes(field)) ?? [];
      if (unknown.length > 0) throw invalid('fields', `Invalid field(s): ${unknown.join(', ')}.`);
      const foreign = ids.find((id) => !granted.includes(id));
      if (foreign)
        throw new TikTokRefusal(CODE.noPermission, `No permission to operate advertiser ${foreign}.`);
      const list = [];
      for (const id of ids) {
        const account = await store.get<SandboxAccount>('account', id);
        if (!account) continue;
        const info: Record<string, unknown> = {
          advertiser_id: id,
          name: account.data.name,
          currency: account.data.currency,
          status: 'STATUS_ENABLE',
          // Sandbox advertisers keep their report days in UTC.
          timezone: 'Etc/GMT',
          display_timezone: 'UTC',
        };
        list.push(
          fields ? Object.fromEntries(Object.entries(info).filter(([name]) => fields.includes(name))) : info,
        );
      }
      return answer(reply, CODE.ok, 'OK', { list });
    },
  );
}
