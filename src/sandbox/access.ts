import type { FastifyRequest } from 'fastify';
import type { Platform } from '../platform-families.ts';
import type { SandboxServices } from './sandbox-services.ts';
import { checkSandboxToken } from './tokens.ts';

export type Access =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' | 'revoked' | 'forbidden' };

/** The bearer token of `Authorization: Bearer ...` (Google, LinkedIn, Meta). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Whether a sandbox access token is valid and covers the account the request acts on. */
export async function checkAccess(
  services: SandboxServices,
  platform: Platform,
  token: string | undefined,
  accountId: string | undefined,
): Promise<Access> {
  if (!token) return { ok: false, reason: 'missing' };
  const check = await checkSandboxToken(services.storage.db, platform, 'access', token, services.clock.now());
  if (!check.ok) return check;
  if (accountId !== undefined && !check.accountIds.includes(accountId))
    return { ok: false, reason: 'forbidden' };
  return { ok: true };
}

/** The account ids an access token covers (for "list my accounts" calls); empty when invalid. */
export async function tokenAccounts(
  services: SandboxServices,
  platform: Platform,
  token: string | undefined,
): Promise<string[]> {
  if (!token) return [];
  const check = await checkSandboxToken(services.storage.db, platform, 'access', token, services.clock.now());
  return check.ok ? check.accountIds : [];
}
