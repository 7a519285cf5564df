import { z } from 'zod';
import { IDENTITY_TYPES } from '../../platforms/video/identity-types.ts';
import { digitsId } from '../arguments.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { openVideoClient } from './video-client.ts';

/** TikTok's largest identity page. */
const MAX_PAGE_SIZE = 100;

export const listVideoIdentities = defineListTool({
  name: 'list_video_identities',
  description:
    'The identities a TikTok advertiser may post ads as: the identity_id and identity_type create_video_campaign takes. Billable: one quota unit.',
  guidance:
    'Lists the identities a TikTok advertiser may post as (TikTok identity/get): custom identities made for ' +
    'ads (CUSTOMIZED_USER) and TikTok accounts authorized to it (AUTH_CODE, TT_USER, BC_AUTH_TT), with the ' +
    'identity_id and identity_type create_video_campaign takes and the name shown as the author. Pages with ' +
    'limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'video',
  filters: {
    identity_type: z
      .enum(IDENTITY_TYPES)
      .optional()
      .describe('Only identities of this type; every type otherwise.'),
    identity_authorized_bc_id: digitsId()
      .optional()
      .describe(
        'With identity_type BC_AUTH_TT: the Business Center the TikTok accounts are authorized to (TikTok needs it then).',
      ),
  },
  example: { identity_type: 'CUSTOMIZED_USER' },
  fields: {
    identities: z
      .array(
        z.object({
          identity_id: z.string().describe('The identity_id create_video_campaign takes.'),
          identity_type: z.string().describe('Its type, the identity_type create_video_campaign takes.'),
          display_name: z.string().nullable().describe('The name shown as the author of its ads.'),
          username: z.string().nullable().describe("A TikTok account's handle; null for a custom identity."),
          available_status: z
            .string()
            .nullable()
            .describe(
              "TikTok's availability of a TikTok account (AVAILABLE...); null for a custom identity.",
            ),
        }),
      )
      .describe('The identities of this page.'),
  },
  rows: 'identities',
  position: z.object({ page: z.int().min(1), size: z.int().min(1).max(MAX_PAGE_SIZE) }),
  query: (args) => ({ type: args.identity_type, authorizedBcId: args.identity_authorized_bc_id }),
  async read({ context, account, query, position, limit }) {
    const client = await openVideoClient(context);
    const at = position ?? { page: 1, size: Math.min(limit, MAX_PAGE_SIZE) };
    const answer = await client.identityPage(account.account_id, query, at.page, at.size);
    return {
      items: answer.list,
      next:
        answer.list.length > 0 && at.page < answer.page_info.total_page
          ? { page: at.page + 1, size: at.size }
          : undefined,
    };
  },
  row: (identity) => ({
    identity_id: identity.identity_id,
    identity_type: identity.identity_type,
    display_name: identity.display_name ?? null,
    username: identity.username ?? null,
    available_status: identity.available_status ?? null,
  }),
  heading: ({ account, rows, nextCursor }) =>
    `TikTok advertiser ${account.account_id} may post as ${rows.length} identit${rows.length === 1 ? 'y' : 'ies'}` +
    `${nextCursor ? ' here, more with next_cursor' : ''}.`,
  columns: () => [
    ['Identity', (i) => i.display_name ?? '–'],
    ['identity_id', (i) => i.identity_id],
    ['identity_type', (i) => i.identity_type],
  ],
  after: ({ rows }) =>
    rows.length === 0
      ? [
          'Make a custom identity in TikTok Ads Manager (or with TikTok identity/create), or authorize a TikTok ' +
            'account to this advertiser, then call again.',
        ]
      : [],
});
