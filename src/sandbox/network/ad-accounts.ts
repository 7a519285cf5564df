import type { FastifyInstance } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import type { NetworkSandbox } from './context.ts';
import { Invalid } from './context.ts';
import { type EntityParams, guarded, matches, numeric, SEARCH_PARAMETERS, sorted } from './entities.ts';
import {
  batchGet,
  batchIds,
  onlyParameters,
  PROJECTION,
  page,
  project,
  projectionOf,
  queryParameter,
  searchCriteria,
} from './restli.ts';
import type { Json } from './validate.ts';

/** `adAccounts`: the accounts the token covers, by search, batch get and get. */
export function registerAdAccountRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;

  async function representAccount(id: string): Promise<Json | undefined> {
    const account = await store.get<SandboxAccount>('account', id);
    if (!account) return undefined;
    return {
      id: numeric(id),
      name: account.data.name,
      currency: account.data.currency,
      status: 'ACTIVE',
      type: 'BUSINESS',
      test: true,
      reference: 'urn:li:organization:2414183',
    };
  }

  scope.get(
    '/rest/adAccounts',
    guarded(async (request) => {
      const granted = sandbox.granted(request);
      const ids = batchIds(request);
      if (ids) {
        return batchGet(
          request,
          ids,
          async (id) => (granted.includes(id) ? representAccount(id) : undefined),
          (id) => `Ad account ${id} does not exist`,
        );
      }
      onlyParameters(request, SEARCH_PARAMETERS);
      if (queryParameter(request, 'q') !== 'search') throw new Invalid('Use the search finder: q=search');
      const criteria = searchCriteria(request, ['id', 'name', 'status', 'type', 'reference', 'test']);
      const elements: Json[] = [];
      for (const id of granted) {
        const account = await representAccount(id);
        if (account && matches(account, criteria)) elements.push(account);
      }
      return page(sorted(elements, request), request);
    }),
  );

  scope.get<{ Params: EntityParams }>(
    '/rest/adAccounts/:account',
    guarded(async (request, reply) => {
      onlyParameters(request, PROJECTION);
      if (!(await sandbox.account(request, reply, request.params.account))) return reply;
      const { reference: _reference, ...account } = (await representAccount(request.params.account)) ?? {};
      return project(account, projectionOf(request));
    }),
  );
}
