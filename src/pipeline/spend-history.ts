import { lowestValueSince } from '../storage/money-changes.ts';
import type { AdAccount } from '../storage/schema.ts';
import {
  type AmountChange,
  amountsOf,
  type Change,
  type ObjectChange,
  raises,
} from '../tools/changes/change.ts';
import type { PipelineServices } from './pipeline-services.ts';
import type { LowestRecently } from './spend-guardrails.ts';

/** How far back a raise is judged from: two steps within a day are judged as one. */
const WINDOW_MS = 24 * 3_600_000;

/**
 * The lowest value each raised field had in the last 24 hours, as the service's own changes recorded it:
 * what the guardrails judge a raise from (src/pipeline/spend-guardrails.ts).
 */
export async function lowestRecently(
  services: PipelineServices,
  userId: string,
  account: AdAccount | null,
  change: Change,
): Promise<LowestRecently> {
  const found = new Map<string, number>();
  const keyOf = (object: ObjectChange, field: AmountChange) =>
    JSON.stringify([object.ref.kind, object.ref.id, field.money]);
  if (account) {
    const since = new Date(services.clock.now().getTime() - WINDOW_MS).toISOString();
    for (const object of change.objects) {
      if (object.created) continue;
      for (const field of amountsOf(object)) {
        if (!raises(field)) continue;
        const lowest = await lowestValueSince(
          services.storage.db,
          {
            userId,
            platform: account.platform,
            accountId: account.account_id,
            kind: object.ref.kind,
            objectId: object.ref.id,
            money: field.money,
          },
          since,
        );
        if (lowest !== undefined) found.set(keyOf(object, field), lowest);
      }
    }
  }
  return (object, field) => found.get(keyOf(object, field));
}
