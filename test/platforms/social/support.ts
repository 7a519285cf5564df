import { PlatformSession } from '../../../src/platforms/session.ts';
import { socialProtocol } from '../../../src/platforms/social/protocol.ts';
import { connectSandboxAccount } from '../../../src/sandbox/sandbox-accounts.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { findConnection, readConnectionTokens } from '../../../src/storage/connections.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';
import type { Owner, TestService } from '../../support/service.ts';

export interface GraphAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** A raw call to the social emulator, as a Graph client would make it. */
export async function graph(service: TestService, path: string, token?: string): Promise<GraphAnswer> {
  const response = await fetch(`${service.url}/sandbox/social${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export async function socialAccounts(service: TestService, owner: Owner): Promise<AdAccount[]> {
  return listAdAccounts(service.services.storage.db, owner.userId, 'social');
}

/** The sandbox access token stored (encrypted) on the owner's social connection. */
export async function accessTokenOf(service: TestService, owner: Owner): Promise<string> {
  const [account] = await socialAccounts(service, owner);
  if (!account) throw new Error('the owner has no social account');
  const connection = await findConnection(service.services.storage.db, account.connection_id);
  const tokens = connection && readConnectionTokens(service.services.cipher, connection);
  if (!tokens) throw new Error('the connection has no tokens');
  return tokens.accessToken;
}

/**
 * An owner whose only social account is a magic one (`act_sandbox_rate_limited`...): the id does not have
 * Meta's shape, so only a test can connect it, but it lets the whole public path meet each fault.
 */
export async function ownerWithMagicAccount(
  service: TestService,
  fault: 'rate_limited' | 'server_error' | 'token_expired',
): Promise<Owner> {
  const owner = await service.createOwner('free');
  await connectSandboxAccount(service.services, owner.userId, {
    platform: 'social',
    accountId: `act_sandbox_${fault}`,
    name: `Magic ${fault}`,
    currency: 'USD',
  });
  return owner;
}

/** A session as a tool handler gets it, for the account given (which may not be the owner's own). */
export async function sessionFor(
  service: TestService,
  owner: Owner,
  account: AdAccount,
): Promise<PlatformSession> {
  const context: ToolContext = {
    services: service.services,
    caller: { userId: owner.userId, email: owner.email, tier: 'free', apiKeyId: owner.keyId },
    account,
    dryRun: false,
    requestId: 'req_test',
    now: service.services.clock.now(),
    onProgress: () => {},
    trace: { upstreamRequestIds: [], createdObjectIds: [] },
  };
  return PlatformSession.open(context, socialProtocol);
}
