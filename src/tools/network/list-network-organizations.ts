import { z } from 'zod';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { urn } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { defineListTool } from '../reads/list-tool.ts';

const TOOL = 'list_network_organizations';

/** The roles on a company page that let a member run sponsored content as it. */
const ADVERTISING_ROLES = ['ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER', 'CONTENT_ADMINISTRATOR'];
const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;

export const listNetworkOrganizations = defineListTool({
  name: TOOL,
  description:
    'The LinkedIn company pages the connected member may advertise as: the organization_id the network create tools take. Billable: one quota unit.',
  guidance:
    'Lists the LinkedIn company pages the connected member may advertise as (an approved administrator or ' +
    'sponsored content poster role): the organization_id the create_network_* tools and ' +
    'add_network_carousel_creative take, the name and the roles. Pages with limit and next_cursor. ' +
    'Read-only. Billable: one quota unit.',
  platform: 'network',
  filters: {},
  example: {},
  fields: {
    account_id: z.string().describe('The LinkedIn ad account whose connection was used.'),
    organizations: z
      .array(
        z.object({
          organization_id: z.string().describe('Digits: the organization_id the create tools take.'),
          urn: z.string().describe('urn:li:organization:<digits>.'),
          name: z.string().nullable().describe("The page's name."),
          vanity_name: z.string().nullable().describe('The name in its URL, linkedin.com/company/<it>.'),
          roles: z.array(z.string()).describe("The member's approved roles on it."),
        }),
      )
      .describe('The pages of this page of results, by id.'),
  },
  rows: 'organizations',
  position: z.int().min(0),
  query: () => ({}),
  async read({ context, position = 0, limit }) {
    const client = new NetworkClient(await PlatformSession.open(context, networkProtocol));
    const roles = new Map<string, Set<string>>();
    for (const acl of await client.organizationRoles('APPROVED')) {
      const id = ORGANIZATION_URN.exec(acl.organization)?.[1];
      if (id) roles.set(id, (roles.get(id) ?? new Set()).add(acl.role));
    }
    // The member's roles are few (LinkedIn pages them, the adapter reads them all), so this tool pages
    // the pages it keeps, in the order of their ids.
    const advertised = [...roles]
      .filter(([, held]) => ADVERTISING_ROLES.some((role) => held.has(role)))
      .map(([id]) => id)
      .sort((a, b) => a.padStart(20, '0').localeCompare(b.padStart(20, '0')));
    const pageIds = advertised.slice(position, position + limit);
    const pages = new Map(
      (pageIds.length > 0 ? await client.organizations(pageIds) : []).map((page) => [String(page.id), page]),
    );
    return {
      items: pageIds.map((id) => ({ id, page: pages.get(id), roles: roles.get(id) ?? [] })),
      next: position + limit < advertised.length ? position + limit : undefined,
      advertised: advertised.length,
    };
  },
  row: ({ id, page, roles }) => ({
    organization_id: id,
    urn: urn.organization(id),
    name: page?.localizedName ?? null,
    vanity_name: page?.vanityName ?? null,
    roles: [...roles].sort(),
  }),
  heading: ({ account, page: { advertised }, rows, nextCursor }) =>
    `The member connected to LinkedIn ad account ${account.account_id} may advertise as ` +
    `${advertised} company page${advertised === 1 ? '' : 's'}` +
    `${nextCursor ? `; ${rows.length} here, more with next_cursor` : ''}.`,
  columns: () => [
    ['Company page', (o) => o.name ?? '–'],
    ['organization_id', (o) => o.organization_id],
    ['Roles', (o) => o.roles.join(', ')],
  ],
  after: ({ page }) =>
    page.advertised === 0
      ? [
          'Ask an administrator of the company page to give this member the Sponsored Content Poster role on ' +
            'LinkedIn, then call again.',
        ]
      : [],
});
