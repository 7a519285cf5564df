import type { SandboxAccount } from '../sandbox-account.ts';
import type { SandboxStore } from '../store.ts';

/** The ad accounts of these ids that exist, as Graph's AdAccount nodes: what every ad account edge lists. */
export async function adAccountNodes(store: SandboxStore, ids: readonly string[]) {
  const nodes = [];
  for (const id of ids) {
    const account = await store.get<SandboxAccount>('account', id);
    if (!account) continue;
    nodes.push({
      id,
      account_id: id.replace(/^act_/, ''),
      name: account.data.name,
      currency: account.data.currency,
      account_status: 1,
      timezone_name: 'UTC',
      timezone_offset_hours_utc: 0,
    });
  }
  return nodes;
}
