import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../context.ts';
import { SANDBOX_CLIENT, sandboxRoot } from '../../platforms/endpoints.ts';
import { bearerToken } from '../access.ts';
import { registerApprovalPage } from '../approval-page.ts';
import { magicFault, SANDBOX_THROTTLE_SECONDS, sandboxLatency, slowDown } from '../faults.ts';
import type { SandboxAccount } from '../seed.ts';
import { SandboxStore } from '../store.ts';
import { checkSandboxToken, issueSandboxToken, revokeSandboxToken } from '../tokens.ts';
import {
  AD_ACCOUNT,
  decodeCursor,
  encodeCursor,
  type FieldSpec,
  graphError,
  IG_USER,
  type NodeType,
  PAGE,
  parseFields,
  project,
  traceId,
  unknownField,
} from './graph.ts';

/** An Instagram account in the sandbox, held by the ad account it can be used with. */
export interface SandboxPhotoAccount {
  username: string;
  name: string;
  /** Authorized for ads on the ad account (Business Manager, Instagram accounts, connected assets). */
  authorized_for_ads: boolean;
}

/** A Facebook page the ad account promotes; the Instagram account linked in its settings, if any. */
export interface SandboxPage {
  name: string;
  connected_instagram_account: string | null;
}

/** Meta's default page size of an edge, and the largest `limit` the sandbox honours. */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
/** Long-lived user tokens last about 60 days. */
export const LONG_LIVED_SECONDS = 60 * 86_400;
const VERSION = /^v\d+\.\d+$/;

type Query = Record<string, string | undefined>;
interface EdgeRequest {
  Params: { version: string; node: string };
  Querystring: Query;
}

/** Meta's ads-management throttle: HTTP 400, code 80004, the wait in whole minutes in a usage header. */
function throttle(reply: FastifyReply, businessId: string): FastifyReply {
  const minutes = Math.max(1, Math.ceil(SANDBOX_THROTTLE_SECONDS / 60));
  const usage = {
    [businessId]: [
      {
        type: 'ads_management',
        call_count: 100,
        total_cputime: 12,
        total_time: 14,
        estimated_time_to_regain_access: minutes,
        ads_api_access_tier: 'development_access',
      },
    ],
  };
  return graphError(
    reply,
    400,
    {
      message:
        '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, ' +
        'please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
      type: 'OAuthException',
      code: 80004,
      error_subcode: 2446079,
    },
    { 'x-business-use-case-usage': JSON.stringify(usage) },
  );
}

function tokenError(reply: FastifyReply, reason: 'missing' | 'unknown' | 'expired' | 'revoked', now: Date) {
  switch (reason) {
    case 'missing':
      return graphError(reply, 400, {
        message: 'An access token is required to request this resource.',
        type: 'OAuthException',
        code: 104,
      });
    case 'expired':
      return graphError(reply, 400, {
        message: `Error validating access token: Session has expired. The current time is ${now.toUTCString()}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
      });
    case 'revoked':
      return graphError(reply, 400, {
        message: `Error validating access token: The user has not authorized application ${SANDBOX_CLIENT.clientId}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 458,
      });
    default:
      return graphError(reply, 400, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
      });
  }
}

function noSuchObject(reply: FastifyReply, id: string): FastifyReply {
  return graphError(reply, 400, {
    message:
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing ` +
      'permissions, or does not support this operation. Please read the Graph API documentation at ' +
      'https://developers.facebook.com/docs/graph-api',
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });
}

/**
 * Meta's Graph API (Marketing API) emulator: the ad account's Instagram accounts and pages, the ad
 * accounts of a token, Facebook Login's token endpoint; Meta's error bodies, codes and trace ids.
 */
export function registerSocialSandbox(scope: FastifyInstance, services: Services): void {
  const store = new SandboxStore(services.storage.db, 'social');
  registerApprovalPage(scope, services, 'social', { clientParameter: 'client_id', codeParameter: 'code' });

  scope.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('x-fb-trace-id')) reply.header('x-fb-trace-id', traceId());
  });
  scope.setErrorHandler((error, _request, reply) => {
    services.logger.warn({ err: error }, 'social sandbox failed');
    return graphError(reply, 500, {
      message: 'An unknown error occurred',
      type: 'OAuthException',
      code: 1,
      error_subcode: 99,
    });
  });
  scope.setNotFoundHandler((request, reply) =>
    graphError(reply, 400, {
      message: `Unknown path components: ${request.url.split('?')[0]?.replace(/^\/sandbox\/social/, '')}`,
      type: 'OAuthException',
      code: 2500,
    }),
  );

  /** Meta takes the token as a Bearer header or as `access_token` in the query. */
  const tokenOf = (request: FastifyRequest<{ Querystring: Query }>) =>
    bearerToken(request) ?? request.query.access_token;

  /**
   * Checks version, token, magic faults and the token's grant on the ad account, in Meta's order; answers
   * and returns false when the call may not go on.
   */
  async function admit(request: FastifyRequest<EdgeRequest>, reply: FastifyReply): Promise<boolean> {
    await sandboxLatency(services);
    const { version, node } = request.params;
    const now = services.clock.now();
    if (!VERSION.test(version)) {
      graphError(reply, 400, {
        message: `Unknown path components: /${node}`,
        type: 'OAuthException',
        code: 2500,
      });
      return false;
    }
    const token = tokenOf(request);
    if (!token) {
      tokenError(reply, 'missing', now);
      return false;
    }
    const check = await checkSandboxToken(services.storage.db, 'social', 'access', token, now);
    if (!check.ok) {
      tokenError(reply, check.reason, now);
      return false;
    }
    const fault = magicFault(node.replace(/^act_/, ''));
    if (fault === 'rate_limited') {
      throttle(reply, node.replace(/^act_/, ''));
      return false;
    }
    if (fault === 'server_error') {
      graphError(reply, 500, {
        message: 'An unexpected error has occurred. Please retry your request later.',
        type: 'OAuthException',
        code: 2,
        is_transient: true,
      });
      return false;
    }
    if (fault === 'token_expired') {
      const expired = new Date(now.getTime() - 3_600_000);
      graphError(reply, 400, {
        message:
          `Error validating access token: Session has expired on ${expired.toUTCString()}. ` +
          `The current time is ${now.toUTCString()}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
      });
      return false;
    }
    if (fault === 'slow') await slowDown();
    if (!node.startsWith('act_') || !(await store.get('account', node))) {
      noSuchObject(reply, node);
      return false;
    }
    if (!check.accountIds.includes(node)) {
      graphError(reply, 403, {
        message: '(#200) Ad account owner has NOT grant ads_management or ads_read permission',
        type: 'OAuthException',
        code: 200,
      });
      return false;
    }
    return true;
  }

  /**
   * One page of an edge in Graph's shape: `{data, paging:{cursors:{before, after}, next?, previous?}}`,
   * `limit` (default 25) and `after`/`before` cursors; `next` is an absolute URL on the same host.
   */
  function page(
    request: FastifyRequest<EdgeRequest>,
    reply: FastifyReply,
    path: string,
    type: NodeType,
    nodes: Array<Record<string, unknown> & { id: string }>,
  ): FastifyReply {
    const query = request.query;
    const fields: FieldSpec[] | undefined = parseFields(query.fields);
    const unknown = unknownField(type, fields);
    if (unknown) return graphError(reply, 400, { message: unknown, type: 'OAuthException', code: 100 });
    const asked = Number(query.limit);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
    let start = 0;
    let end = nodes.length;
    for (const [name, cursor] of [
      ['after', query.after],
      ['before', query.before],
    ] as const) {
      if (cursor === undefined) continue;
      const id = decodeCursor(cursor);
      const index = id === undefined ? -1 : nodes.findIndex((n) => n.id === id);
      if (index < 0) {
        return graphError(reply, 400, {
          message: `(#100) The ${name} cursor is not valid for this edge`,
          type: 'OAuthException',
          code: 100,
        });
      }
      if (name === 'after') start = index + 1;
      else end = index;
    }
    if (query.before !== undefined && query.after === undefined) start = Math.max(0, end - limit);
    const slice = nodes.slice(start, Math.min(end, start + limit));
    if (slice.length === 0) return reply.send({ data: [] });
    const first = slice[0]?.id ?? '';
    const last = slice[slice.length - 1]?.id ?? '';
    const link = (cursor: 'after' | 'before', value: string) => {
      const url = new URL(`${sandboxRoot(services)}/sandbox/social/${request.params.version}${path}`);
      for (const [name, v] of Object.entries(query)) {
        if (v !== undefined && name !== 'after' && name !== 'before' && name !== 'access_token')
          url.searchParams.set(name, v);
      }
      url.searchParams.set('limit', String(limit));
      url.searchParams.set(cursor, value);
      return url.toString();
    };
    const more = start + slice.length < nodes.length;
    return reply.send({
      data: slice.map((node) => project(node, type, fields)),
      paging: {
        cursors: { before: encodeCursor(first), after: encodeCursor(last) },
        ...(start > 0 && { previous: link('before', encodeCursor(first)) }),
        ...(more && { next: link('after', encodeCursor(last)) }),
      },
    });
  }

  const photoAccounts = (adAccountId: string) =>
    store.list<SandboxPhotoAccount>('photo_account', adAccountId);
  const pages = (adAccountId: string) => store.list<SandboxPage>('page', adAccountId);
  const igNode = (p: { id: string; data: SandboxPhotoAccount }) => ({
    id: p.id,
    username: p.data.username,
    name: p.data.name,
  });

  scope.get<EdgeRequest>('/:version/:node/instagram_accounts', async (request, reply) => {
    if (!(await admit(request, reply))) return reply;
    const { node } = request.params;
    const authorized = (await photoAccounts(node)).filter((p) => p.data.authorized_for_ads).map(igNode);
    return page(request, reply, `/${node}/instagram_accounts`, IG_USER, authorized);
  });

  scope.get<EdgeRequest>('/:version/:node/connected_instagram_accounts', async (request, reply) => {
    if (!(await admit(request, reply))) return reply;
    const { node } = request.params;
    const linked = new Set((await pages(node)).map((p) => p.data.connected_instagram_account));
    const connected = (await photoAccounts(node)).filter((p) => linked.has(p.id)).map(igNode);
    return page(request, reply, `/${node}/connected_instagram_accounts`, IG_USER, connected);
  });

  scope.get<EdgeRequest>('/:version/:node/promote_pages', async (request, reply) => {
    if (!(await admit(request, reply))) return reply;
    const { node } = request.params;
    const accounts = new Map((await photoAccounts(node)).map((p) => [p.id, igNode(p)]));
    const nodes = (await pages(node)).map((p) => ({
      id: p.id,
      name: p.data.name,
      connected_instagram_account: p.data.connected_instagram_account
        ? (accounts.get(p.data.connected_instagram_account) ?? { id: p.data.connected_instagram_account })
        : null,
    }));
    return page(request, reply, `/${node}/promote_pages`, PAGE, nodes);
  });

  scope.get<{ Params: { version: string }; Querystring: Query }>(
    '/:version/me/adaccounts',
    async (request, reply) => {
      await sandboxLatency(services);
      const now = services.clock.now();
      const token = tokenOf(request);
      if (!token) return tokenError(reply, 'missing', now);
      const check = await checkSandboxToken(services.storage.db, 'social', 'access', token, now);
      if (!check.ok) return tokenError(reply, check.reason, now);
      const nodes = [];
      for (const id of check.accountIds) {
        const account = await store.get<SandboxAccount>('account', id);
        if (!account) continue;
        nodes.push({
          id,
          account_id: id.replace(/^act_/, ''),
          name: account.data.name,
          currency: account.data.currency,
          account_status: 1,
        });
      }
      const edge = request as unknown as FastifyRequest<EdgeRequest>;
      return page(edge, reply, '/me/adaccounts', AD_ACCOUNT, nodes);
    },
  );

  /** Facebook Login's token endpoint: a code for a short-lived token, or `fb_exchange_token` for a long-lived one. */
  scope.get<{ Params: { version: string }; Querystring: Query }>(
    '/:version/oauth/access_token',
    async (request, reply) => {
      await sandboxLatency(services);
      const query = request.query;
      const now = services.clock.now();
      if (query.client_id !== SANDBOX_CLIENT.clientId) {
        return graphError(reply, 400, {
          message: 'Error validating application. Invalid application ID.',
          type: 'OAuthException',
          code: 101,
        });
      }
      if (query.client_secret !== SANDBOX_CLIENT.clientSecret) {
        return graphError(reply, 400, {
          message: 'Error validating client secret.',
          type: 'OAuthException',
          code: 1,
        });
      }
      if (query.grant_type === 'fb_exchange_token') {
        const short = query.fb_exchange_token ?? '';
        const check = short
          ? await checkSandboxToken(services.storage.db, 'social', 'access', short, now)
          : ({ ok: false, reason: 'unknown' } as const);
        if (!check.ok) return tokenError(reply, check.reason, now);
        const long = await issueSandboxToken(
          services.storage.db,
          'social',
          'access',
          check.accountIds,
          now,
          LONG_LIVED_SECONDS,
        );
        return reply.send({ access_token: long.token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
      }
      if (!query.redirect_uri) {
        return graphError(reply, 400, {
          message: 'Missing redirect_uri parameter.',
          type: 'OAuthException',
          code: 100,
        });
      }
      const code = query.code ?? '';
      const grant = code
        ? await checkSandboxToken(services.storage.db, 'social', 'code', code, now)
        : ({ ok: false, reason: 'unknown' } as const);
      if (!grant.ok) {
        const [message, subcode] =
          grant.reason === 'revoked'
            ? ['This authorization code has been used.', 36009]
            : grant.reason === 'expired'
              ? ['This authorization code has expired.', 36007]
              : ['Invalid verification code format.', undefined];
        return graphError(reply, 400, {
          message,
          type: 'OAuthException',
          code: 100,
          ...(subcode !== undefined && { error_subcode: subcode }),
        });
      }
      await revokeSandboxToken(services.storage.db, code, now);
      const access = await issueSandboxToken(services.storage.db, 'social', 'access', grant.accountIds, now);
      const expiresIn = access.expiresAt
        ? Math.round((access.expiresAt.getTime() - now.getTime()) / 1000)
        : undefined;
      return reply.send({
        access_token: access.token,
        token_type: 'bearer',
        ...(expiresIn && { expires_in: expiresIn }),
      });
    },
  );
}
