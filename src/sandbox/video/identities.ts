import type { FastifyInstance } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import type { SandboxStore } from '../store.ts';
import { answer, CODE, invalid, refuseUnknown } from './envelope.ts';
import type { VideoGate } from './gate.ts';
import { tokenOf } from './gate.ts';
import { text } from './values.ts';

/** TikTok's identity types (identity/get, ad/create). */
export const IDENTITY_TYPES = ['CUSTOMIZED_USER', 'AUTH_CODE', 'TT_USER', 'BC_AUTH_TT'] as const;

/**
 * The one identity every sandbox advertiser may post as: a custom user named after the advertiser, the
 * same id under every advertiser (as the seeded campaigns are), so documented examples run on any demo.
 */
export const SANDBOX_IDENTITY_ID = '7100000000000000001';

export interface SandboxIdentity {
  identity_id: string;
  identity_type: (typeof IDENTITY_TYPES)[number];
  display_name: string;
}

export async function advertiserIdentities(
  store: SandboxStore,
  advertiserId: string,
): Promise<SandboxIdentity[]> {
  const account = await store.get<SandboxAccount>('account', advertiserId);
  return [
    {
      identity_id: SANDBOX_IDENTITY_ID,
      identity_type: 'CUSTOMIZED_USER',
      display_name: (account?.data.name ?? 'Sandbox advertiser').slice(0, 100),
    },
  ];
}

const IDENTITY_GET_FIELDS = [
  'advertiser_id',
  'identity_type',
  'identity_authorized_bc_id',
  'page',
  'page_size',
];

function pageNumber(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(text(name, value));
  if (!Number.isInteger(number) || number < 1 || number > max)
    throw invalid(name, `Must be between 1 and ${max}.`);
  return number;
}

/** identity/get/: the identities an advertiser may post as, as TikTok lists them (a custom user's abilities are null). */
export function registerIdentityRoutes(
  scope: FastifyInstance,
  _services: SandboxServices,
  store: SandboxStore,
  gate: VideoGate,
): void {
  scope.get<{ Querystring: Record<string, unknown> }>(
    '/open_api/:version/identity/get/',
    async (request, reply) => {
      const query = request.query;
      refuseUnknown(Object.keys(query), IDENTITY_GET_FIELDS);
      const advertiserId = await gate.admit(tokenOf(request), query.advertiser_id);
      const type = query.identity_type === undefined ? undefined : text('identity_type', query.identity_type);
      if (type !== undefined && !(IDENTITY_TYPES as readonly string[]).includes(type))
        throw invalid('identity_type', `Must be one of: ${IDENTITY_TYPES.join(', ')}.`);
      if (type === 'BC_AUTH_TT' && query.identity_authorized_bc_id === undefined)
        throw invalid('identity_authorized_bc_id', 'Missing data for required field.');
      const page = pageNumber('page', query.page, 1, 10_000);
      const pageSize = pageNumber('page_size', query.page_size, 20, 100);
      const all = (await advertiserIdentities(store, advertiserId)).filter(
        (identity) => type === undefined || identity.identity_type === type,
      );
      const list = all.slice((page - 1) * pageSize, page * pageSize).map((identity) => ({
        ...identity,
        profile_image: '',
        can_pull_video: null,
        can_push_video: null,
        can_use_live_ads: null,
        can_manage_message: null,
        available_status: null,
        identity_authorized_bc_id: null,
      }));
      return answer(reply, CODE.ok, 'OK', {
        identity_list: list,
        page_info: {
          page,
          page_size: pageSize,
          total_number: all.length,
          total_page: Math.ceil(all.length / pageSize),
        },
      });
    },
  );
}
