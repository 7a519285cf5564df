import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StoredObject } from '../store.ts';
import { answerFault, Invalid, type NetworkSandbox } from './context.ts';
import { guarded, numeric } from './entities.ts';
import {
  batchGet,
  batchIds,
  onlyParameters,
  PROJECTION,
  page,
  project,
  projectionOf,
  queryParameter,
} from './restli.ts';
import type { Json } from './validate.ts';

/** The roles a member may hold on a company page, as LinkedIn's organizationAcls name them. */
export const ORGANIZATION_ROLES = [
  'ADMINISTRATOR',
  'DIRECT_SPONSORED_CONTENT_POSTER',
  'RECRUITING_POSTER',
  'LEAD_CAPTURE_ADMINISTRATOR',
  'LEAD_GEN_FORMS_MANAGER',
  'ANALYST',
  'CURATOR',
  'CONTENT_ADMINISTRATOR',
];
export const ROLE_STATES = ['APPROVED', 'REJECTED', 'REQUESTED', 'REVOKED'];

const FINDERS = ['roleAssignee', 'organization', 'organizationalTarget'];

/**
 * `organizationAcls` (the company pages the token's member holds a role on, by the roleAssignee finder,
 * paged with start and count) and `organizations` (the pages themselves: get and BATCH_GET by numeric id).
 * A member holds the roles seeded with the ad accounts the token covers.
 */
export function registerOrganizationRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;

  function representAcl(acl: StoredObject<Json>): Json {
    const time = Date.parse(acl.updatedAt);
    return {
      roleAssignee: acl.data.roleAssignee,
      role: acl.data.role,
      state: acl.data.state,
      organization: `urn:li:organization:${acl.parentId}`,
      created: { actor: acl.data.roleAssignee, time: Date.parse(acl.createdAt) },
      lastModified: { actor: acl.data.roleAssignee, time },
    };
  }

  function oneOfParameter(request: FastifyRequest, name: string, values: string[]): string | undefined {
    const value = queryParameter(request, name);
    if (value !== undefined && !values.includes(value))
      throw new Invalid(`${name} must be one of ${values.join(', ')} (got "${value}")`, name);
    return value;
  }

  scope.get(
    '/rest/organizationAcls',
    guarded(async (request) => {
      onlyParameters(request, ['q', 'role', 'state', 'start', 'count', ...PROJECTION]);
      const finder = queryParameter(request, 'q');
      if (finder !== 'roleAssignee') {
        throw new Invalid(
          finder && FINDERS.includes(finder)
            ? `The sandbox serves the roleAssignee finder (q=roleAssignee), not q=${finder}`
            : `q must name a finder of organizationAcls: ${FINDERS.join(', ')}`,
          'q',
        );
      }
      const role = oneOfParameter(request, 'role', ORGANIZATION_ROLES);
      const state = oneOfParameter(request, 'state', ROLE_STATES);
      const seen = new Set<string>();
      const elements: Json[] = [];
      for (const accountId of sandbox.granted(request)) {
        for (const acl of await store.list<Json>('organization_acl', accountId)) {
          // The same member holds the same role through every account the token covers: one element.
          const key = `${acl.parentId}|${acl.data.role}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (
            (role === undefined || acl.data.role === role) &&
            (state === undefined || acl.data.state === state)
          )
            elements.push(representAcl(acl));
        }
      }
      elements.sort((a, b) => `${a.organization}|${a.role}`.localeCompare(`${b.organization}|${b.role}`));
      return page(elements, request, 'index');
    }),
  );

  async function representOrganization(id: string): Promise<Json | undefined> {
    const found = /^\d+$/.test(id) ? await store.get<Json>('organization', id) : undefined;
    if (!found) return undefined;
    const name = String(found.data.localizedName);
    return {
      ...found.data,
      id: numeric(found.id),
      name: { localized: { en_US: name }, preferredLocale: { country: 'US', language: 'en' } },
    };
  }

  const missing = (id: string) => `Organization ${id} does not exist`;

  scope.get(
    '/rest/organizations',
    guarded(async (request, reply) => {
      const ids = batchIds(request);
      if (!ids)
        throw new Invalid('The sandbox serves organizations by id: /organizations/{id}, or ids=List(...)');
      if (await answerFault(reply, ...ids)) return reply;
      return batchGet(request, ids, representOrganization, missing);
    }),
  );

  scope.get<{ Params: { id: string } }>(
    '/rest/organizations/:id',
    guarded(async (request, reply) => {
      onlyParameters(request, PROJECTION);
      const { id } = request.params;
      if (await answerFault(reply, id)) return reply;
      const found = await representOrganization(id);
      if (!found) throw new Invalid(missing(id), undefined, 404);
      return project(found, projectionOf(request));
    }),
  );
}
