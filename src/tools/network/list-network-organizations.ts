import { z } from 'zod';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { urn } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { defineTool } from '../tool.ts';

const TOOL = 'list_network_organizations';

/** The roles on a company page that let a member run sponsored content as it. */
const ADVERTISING_ROLES = ['ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER', 'CONTENT_ADMINISTRATOR'];
const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;

export const listNetworkOrganizations = defineTool({
  name: TOOL,
  description:
    'The LinkedIn company pages the connected member may advertise as: the organization_id the network create tools take. Billable: one quota unit.',
  guidance:
    'Lists the LinkedIn company pages the connected member may advertise as (an approved administrator or ' +
    'sponsored content poster role): the organization_id the create_network_* tools and ' +
    'add_network_carousel_creative take, the name and the roles. Pages with limit and next_cursor. ' +
    'Read-only. Billable: one quota unit.',
  platform: 'network',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    limit: limitArgument,
    cursor: cursorArgument,
    account_id: accountArgument('network'),
  }),
  output: z.object({
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
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  example: {},
  auditFields: ['limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved account`);
    const query = { account: account.account_id, limit: args.limit };
    const offset = decodeCursor<number>(args.cursor, query, TOOL) ?? 0;

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
    const pageIds = advertised.slice(offset, offset + args.limit);
    const pages = new Map(
      (pageIds.length > 0 ? await client.organizations(pageIds) : []).map((page) => [String(page.id), page]),
    );
    const organizations = pageIds.map((id) => ({
      organization_id: id,
      urn: urn.organization(id),
      name: pages.get(id)?.localizedName ?? null,
      vanity_name: pages.get(id)?.vanityName ?? null,
      roles: [...(roles.get(id) ?? [])].sort(),
    }));
    const next = offset + args.limit < advertised.length ? encodeCursor(query, offset + args.limit) : null;

    const sections = [
      `The member connected to LinkedIn ad account ${account.account_id} may advertise as ` +
        `${advertised.length} company page${advertised.length === 1 ? '' : 's'}` +
        `${next ? `; ${organizations.length} here, more with next_cursor` : ''}.`,
    ];
    if (organizations.length > 0) {
      sections.push(
        markdownTable(
          ['Company page', 'organization_id', 'Roles'],
          organizations.map((o) => [o.name ?? '–', o.organization_id, o.roles.join(', ')]),
        ),
      );
    } else if (advertised.length === 0) {
      sections.push(
        'Ask an administrator of the company page to give this member the Sponsored Content Poster role on ' +
          'LinkedIn, then call again.',
      );
    }
    return {
      text: sections.join('\n\n'),
      structured: { account_id: account.account_id, organizations, next_cursor: next },
    };
  },
});
