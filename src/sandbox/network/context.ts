import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { magicFault, slowDown } from '../faults.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { SandboxStore } from '../store.ts';

/** LinkedIn's error body: `{message, serviceErrorCode, status}`, sometimes a `code` and field details. */
export interface LinkedInError {
  message: string;
  serviceErrorCode: number;
  status: number;
  code?: string;
  errorDetails?: { inputErrors: Array<{ description: string; input: { inputPath: { fieldPath: string } } }> };
}

/** Answers with LinkedIn's error shape; a field names the part of the body at fault. */
export function fail(
  reply: FastifyReply,
  status: number,
  message: string,
  options: { code?: string; serviceErrorCode?: number; field?: string } = {},
): FastifyReply {
  const body: LinkedInError = {
    message,
    serviceErrorCode: options.serviceErrorCode ?? (status === 404 ? 0 : 100),
    status,
    ...(options.code && { code: options.code }),
    ...(options.field && {
      errorDetails: {
        inputErrors: [{ description: message, input: { inputPath: { fieldPath: options.field } } }],
      },
    }),
  };
  return reply.status(status).send(body);
}

/** A validation failure: LinkedIn's 400 with the field path. */
export class Invalid extends Error {
  readonly field: string | undefined;
  readonly status: number;

  constructor(message: string, field?: string, status = 400) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

export function expired(reply: FastifyReply): FastifyReply {
  return fail(reply, 401, 'The token used in the request has expired', {
    code: 'EXPIRED_ACCESS_TOKEN',
    serviceErrorCode: 65601,
  });
}

/**
 * The fault a magic id asks for (docs/platforms.md, "Sandbox: network"): LinkedIn's throttle (429 without
 * Retry-After), a 500, an expired token, or a 10 s delay after which the request goes on. Returns true
 * when the request was answered.
 */
export async function answerFault(reply: FastifyReply, ...ids: Array<string | undefined>): Promise<boolean> {
  switch (magicFault(...ids.map((id) => (id === undefined ? undefined : idTail(id))))) {
    case 'rate_limited':
      fail(reply, 429, 'Resource level throttle limit for calls to this resource is reached.', {
        serviceErrorCode: 101,
      });
      return true;
    case 'rate_limited_app':
      fail(
        reply,
        429,
        'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        {
          code: 'TOO_MANY_REQUESTS',
          serviceErrorCode: 101,
        },
      );
      return true;
    case 'rate_limited_user':
      fail(
        reply,
        429,
        'Resource level throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached.',
        { code: 'TOO_MANY_REQUESTS', serviceErrorCode: 101 },
      );
      return true;
    case 'server_error':
      fail(reply, 500, 'Internal Server Error', { code: 'INTERNAL_SERVER_ERROR', serviceErrorCode: 0 });
      return true;
    case 'token_expired':
      expired(reply);
      return true;
    case 'slow':
      await slowDown();
      return false;
    default:
      return false;
  }
}

/** The id at the end of a URN, or the value itself. */
export function idTail(value: string): string {
  const match = /^urn:[a-z]+:[A-Za-z]+:(.+)$/.exec(value);
  return match?.[1] ?? value;
}

/** The id of a URN of one type, or undefined when the value is not such a URN. */
export function urnId(value: unknown, type: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const prefix = `urn:${type === 'llaPartnerConversion' ? 'lla' : 'li'}:${type}:`;
  return value.startsWith(prefix) && value.length > prefix.length ? value.slice(prefix.length) : undefined;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in the style of LinkedIn's media ids, like `D4E10AQGh3kPq...`. */
export function mediaId(prefix: string): string {
  const bytes = randomBytes(16);
  let id = prefix;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** What every route of the emulator shares. */
export interface NetworkSandbox {
  services: SandboxServices;
  store: SandboxStore;
  now(): Date;
  /** The accounts the request's token covers (set by the /rest hook). */
  granted(request: FastifyRequest): string[];
  /**
   * The ad account named in the path, when the token covers it: answers 403 or 404 and returns
   * undefined otherwise.
   */
  account(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
  ): Promise<SandboxAccount | undefined>;
}

export function createSandbox(
  services: SandboxServices,
  granted: WeakMap<FastifyRequest, string[]>,
): NetworkSandbox {
  const store = new SandboxStore(services.storage.db, 'network');
  return {
    services,
    store,
    now: () => services.clock.now(),
    granted: (request) => granted.get(request) ?? [],
    async account(request, reply, accountId) {
      if (!(granted.get(request) ?? []).includes(accountId)) {
        fail(reply, 403, `Not enough permissions to access: ad account ${accountId}`, {
          code: 'ACCESS_DENIED',
          serviceErrorCode: 100,
        });
        return undefined;
      }
      const account = await store.get<SandboxAccount>('account', accountId);
      if (!account) {
        fail(reply, 404, `Ad account ${accountId} does not exist`);
        return undefined;
      }
      return account.data;
    },
  };
}
