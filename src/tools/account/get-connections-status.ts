import { z } from 'zod';
import { PLATFORM_INFO, PLATFORMS } from '../../platform-families.ts';
import { listConnections } from '../../storage/accounts.ts';
import { callerAccounts } from '../caller-accounts.ts';
import { defineTool } from '../tool.ts';

export const getConnectionsStatus = defineTool({
  name: 'get_connections_status',
  description:
    'Per platform: connected or not, healthy, expired or revoked, token expiry and the link to reconnect. Use it after a connection error. Free.',
  guidance:
    'Tells, per ad platform, whether it is connected, whether the connection is healthy (active, expired, ' +
    'revoked), when its token expires and how many accounts it holds, with the link to connect or ' +
    'reconnect. Use it when a call fails with a connection error. Not for choosing an account id ' +
    '(list_connected_accounts). Free: never uses quota.',
  platform: null,
  billable: false,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.object({
    platforms: z
      .array(
        z.object({
          platform: z.enum(PLATFORMS).describe('search, network, social or video.'),
          label: z.string().describe('Its name, like Google Ads.'),
          connected: z.boolean().describe('Whether the owner connected it.'),
          status: z
            .enum(['active', 'expired', 'revoked', 'not_connected'])
            .describe('active; expired or revoked: reconnect at connect_url.'),
          mode: z.string().nullable().describe('sandbox or live; null when not connected.'),
          token_expires_at: z.string().nullable().describe('When its token expires, ISO; null if never.'),
          accounts: z.int().min(0).describe('Its accounts the caller may use.'),
        }),
      )
      .describe('Each platform, in the order search, network, social, video.'),
    connect_url: z.url().describe('Where the owner connects or reconnects a platform.'),
  }),
  example: {},
  async run(_args, { services, caller }) {
    const { config, storage } = services;
    const connectUrl = `${config.appUrl}/connections`;
    const [allConnections, accounts] = await Promise.all([
      listConnections(storage.db, caller.userId),
      callerAccounts(storage.db, caller),
    ]);
    // A key limited to some accounts sees only the connections that hold them.
    const connections =
      caller.limits.accounts === null
        ? allConnections
        : allConnections.filter((c) => accounts.some((a) => a.connection_id === c.id));
    const platforms = PLATFORMS.map((platform) => {
      const connection = connections.find((c) => c.platform === platform);
      return {
        platform,
        label: PLATFORM_INFO[platform].label,
        connected: connection !== undefined,
        status: connection?.status ?? 'not_connected',
        mode: connection?.mode ?? null,
        token_expires_at: connection?.token_expires_at ?? null,
        accounts: accounts.filter((a) => a.platform === platform).length,
      };
    });
    const lines = platforms.map((p) => {
      if (!p.connected) return `- ${p.label}: not connected. Connect at ${connectUrl}.`;
      const health = p.status === 'active' ? 'active' : `${p.status}: reconnect at ${connectUrl}`;
      const expiry = p.token_expires_at ? `, token expires ${p.token_expires_at}` : '';
      return `- ${p.label}: ${health} (${p.mode}), ${p.accounts} account${p.accounts === 1 ? '' : 's'}${expiry}.`;
    });
    return { text: `Connections:\n${lines.join('\n')}`, structured: { platforms, connect_url: connectUrl } };
  },
});
