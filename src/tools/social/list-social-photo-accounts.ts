import { z } from 'zod';
import { accountArgument } from '../arguments.ts';
import { notImplemented } from '../not-implemented.ts';
import { defineTool } from '../tool.ts';

export const listSocialPhotoAccounts = defineTool({
  name: 'list_social_photo_accounts',
  description:
    'Lists the Instagram (photo network) accounts authorized for ads on a Meta ad account and linked to ' +
    'its Facebook pages: id, username and linked page. Pass a returned id as photo_account_id to the Meta ' +
    'campaign tools to run ads on Instagram placements. Use it before creating a Meta campaign with ' +
    'Instagram placements, when the user asks which Instagram accounts they can advertise with, or when ' +
    'linking an Instagram account fails. An empty list is not an error: the answer explains how to ' +
    'authorize an account in the business manager. Read-only. Billable: one quota unit.',
  family: 'social',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    // Null means "the connected account" as absence does; account resolution checks the act_ shape.
    ad_account_id: accountArgument('social')
      .nullable()
      .default(null)
      .describe(
        'Meta ad account to look in (act_<digits>). Null or absent: the connected account; required when ' +
          'several are connected (list_connected_accounts shows them).',
      ),
  }),
  example: {},
  async run() {
    notImplemented('list_social_photo_accounts');
  },
});
