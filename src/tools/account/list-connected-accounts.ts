import { z } from 'zod';
import { PLATFORM_INFO, PLATFORMS } from '../../platform-families.ts';
import { callerAccounts } from '../caller-accounts.ts';
import { defineTool } from '../tool.ts';

export const listConnectedAccounts = defineTool({
  name: 'list_connected_accounts',
  description:
    "The owner's connected ad accounts per platform, with the argument to pass each id as. Use it when several accounts are connected. Free.",
  guidance:
    'Lists the ad accounts the owner has connected, per platform (search = Google Ads, network = LinkedIn, ' +
    'social = Meta, video = TikTok), with the argument name to pass each id as. Use it when a tool answers ' +
    'that several accounts are connected, or before acting on an account. Not for connection health or ' +
    'expired tokens (get_connections_status). Free: never uses quota.',
  platform: null,
  billable: false,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    platform: z.enum(PLATFORMS).optional().describe('Only this platform family.'),
  }),
  output: z.object({
    accounts: z
      .array(
        z.object({
          platform: z.enum(PLATFORMS).describe('search, network, social or video.'),
          account_id: z.string().describe('Pass it as `argument` to the platform tools.'),
          name: z.string().describe('Its name on the platform.'),
          currency: z.string().describe('Its currency, ISO 4217.'),
          status: z.string().describe('Its state here, like active.'),
          argument: z.string().describe('The argument that takes the id, like customer_id.'),
        }),
      )
      .describe('The connected accounts the caller may use.'),
  }),
  example: { platform: 'search' },
  async run(args, { services, caller }) {
    const { config, storage } = services;
    const rows = await callerAccounts(storage.db, caller, args.platform);
    const accounts = rows.map((row) => {
      const platform = row.platform as keyof typeof PLATFORM_INFO;
      return {
        platform,
        account_id: row.account_id,
        name: row.name,
        currency: row.currency,
        status: row.status,
        argument: PLATFORM_INFO[platform].accountArgument,
      };
    });
    const scope = args.platform ? `${PLATFORM_INFO[args.platform].label} ` : '';
    if (accounts.length === 0) {
      return {
        text: `No ${scope}accounts are connected. Connect one at ${config.appUrl}/connections.`,
        structured: { accounts },
      };
    }
    const lines = accounts.map(
      (a) =>
        `- ${PLATFORM_INFO[a.platform].label}: ${a.name}, ${a.argument}="${a.account_id}" (${a.currency}, ${a.status})`,
    );
    return {
      text: `${accounts.length} connected ${scope}account${accounts.length === 1 ? '' : 's'}:\n${lines.join('\n')}`,
      structured: { accounts },
    };
  },
});
