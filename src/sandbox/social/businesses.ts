import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { generateAccountId } from '../../platform-families.ts';
import type { Database } from '../../storage/schema.ts';
import { createOwnedSandboxAccount } from '../create-owned-account.ts';
import { SandboxStore } from '../store.ts';
import { adAccountNodes } from './ad-account-nodes.ts';
import { sendEdgePage } from './edge-page.ts';
import { type EdgeRequest, type GraphCalls, refuseWrites, type VersionRequest } from './graph-calls.ts';
import { AD_ACCOUNT, BUSINESS } from './node-types.ts';
import { unsupportedRequest } from './refusals.ts';

/**
 * A business (Meta Business Manager) of the sandbox: the ad accounts it owns and those its clients
 * shared with it (an agency's). A token granted the business's accounts reaches them through the
 * business's edges, not `/me/adaccounts`, which lists only the accounts granted to the person.
 */
export interface SandboxBusiness {
  name: string;
  owned: string[];
  client: string[];
}

const BUSINESS_TYPE = 'business';

/** Businesses are stored under this account id, as they belong to no ad account. */
const BUSINESSES = 'businesses';

/** The businesses that hold one of the granted accounts. */
async function businessesOf(store: SandboxStore, granted: readonly string[]) {
  const all = await store.list<SandboxBusiness>(BUSINESS_TYPE, BUSINESSES);
  return all.filter((b) => [...b.data.owned, ...b.data.client].some((id) => granted.includes(id)));
}

/** Every ad account a business of the grant holds: what `/me/adaccounts` leaves out. */
export async function accountsThroughBusinesses(store: SandboxStore, granted: readonly string[]) {
  return new Set((await businessesOf(store, granted)).flatMap((b) => [...b.data.owned, ...b.data.client]));
}

/** `GET /me/businesses`, `GET /{business}/owned_ad_accounts` and `/client_ad_accounts`. */
export function registerBusinesses(scope: FastifyInstance, calls: GraphCalls): void {
  scope.get<VersionRequest>('/:version/me/businesses', async (request, reply) => {
    const admitted = await calls.admit(request, reply, '/me/businesses');
    if (!admitted) return reply;
    const nodes = (await businessesOf(calls.store, admitted.accountIds)).map((b) => ({
      id: b.id,
      name: b.data.name,
    }));
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, '/me/businesses'),
      accessToken: admitted.accessToken,
      type: BUSINESS,
      nodes,
    });
  });
  refuseWrites(scope, '/:version/me/businesses');

  for (const edge of ['owned_ad_accounts', 'client_ad_accounts'] as const) {
    scope.get<EdgeRequest>(`/:version/:node/${edge}`, async (request, reply) => {
      const path = `/${request.params.node}/${edge}`;
      const admitted = await calls.admit(request, reply, path);
      if (!admitted) return reply;
      const business = (await businessesOf(calls.store, admitted.accountIds)).find(
        (b) => b.id === request.params.node,
      );
      if (!business) return unsupportedRequest(reply, 'GET', request.params.node);
      const held = edge === 'owned_ad_accounts' ? business.data.owned : business.data.client;
      const nodes = await adAccountNodes(
        calls.store,
        held.filter((id) => admitted.accountIds.includes(id)),
      );
      return sendEdgePage(reply, {
        query: admitted.query,
        url: calls.url(request, path),
        accessToken: admitted.accessToken,
        type: AD_ACCOUNT,
        nodes,
      });
    });
  }
}

/** How many ad accounts the consent page's new business owns, and how many its clients share with it. */
const NEW_BUSINESS = { owned: 2, client: 1 };

/**
 * The consent page's "business" choice: a new business owning two new ad accounts, with a third shared
 * by a client, each seeded like any sandbox account; the grant covers the three, reached through the
 * business.
 */
export const BUSINESS_CHOICE = {
  value: 'business',
  label: `A business (Business Manager) with ${NEW_BUSINESS.owned} ad accounts of its own and ${NEW_BUSINESS.client} of a client`,
  newAccountId: () => generateAccountId('social'),
  async create(db: Kysely<Database>, userId: string, name: string, now: Date): Promise<string[]> {
    const made = async (label: string) => {
      const id = generateAccountId('social');
      await createOwnedSandboxAccount(
        db,
        'social',
        userId,
        id,
        { name: `${name}: ${label}`, currency: 'USD' },
        now,
      );
      return id;
    };
    const owned = [];
    for (let n = 1; n <= NEW_BUSINESS.owned; n++) owned.push(await made(`account ${n}`));
    const client = [];
    for (let n = 1; n <= NEW_BUSINESS.client; n++) client.push(await made(`client account ${n}`));
    // 15 digits, as Meta's business ids (randomInt draws below 2^48: the first digit apart).
    const id = `${randomInt(1, 10)}${String(randomInt(10 ** 14)).padStart(14, '0')}`;
    const business: SandboxBusiness = { name, owned, client };
    await new SandboxStore(db, 'social').put(
      { type: BUSINESS_TYPE, id, accountId: BUSINESSES, data: business },
      now,
    );
    return [...owned, ...client];
  },
};
