import { emitEvent } from '../notifications/emit-event.ts';
import { eventIdOf } from '../notifications/event-id.ts';
import type { NotificationServices } from '../notifications/notification-services.ts';
import { conditionWords } from '../tools/monitors/condition-words.ts';
import type { ConditionSeen } from '../tools/monitors/evaluate-rule.ts';
import type { Fired } from './check-account.ts';

const RESULT_WORDS: Record<string, string> = {
  applied: 'done',
  notified: 'notified only',
  refused: 'refused',
  failed: 'failed',
};

function seenWords(seen: ConditionSeen[]): string {
  return seen
    .filter((condition) => condition.matched)
    .map(conditionWords)
    .join(', ');
}

/**
 * Tells the owner's webhooks that a monitor fired (docs/notifications.md, `monitor.fired`): the monitor,
 * the campaign, the values seen, the action and its result. The event id is the firing's, so a check
 * retried after a crash tells once.
 */
export async function tellMonitorFired(services: NotificationServices, fired: Fired): Promise<void> {
  const { monitor, firing, action } = fired;
  const seen = JSON.parse(firing.seen) as ConditionSeen[];
  const campaign = `${firing.campaign_name ?? 'campaign'} (${firing.campaign_id})`;
  const done =
    firing.action === 'notify' ? '' : ` ${firing.action}: ${RESULT_WORDS[action.result] ?? action.result}.`;
  await emitEvent(services, {
    id: eventIdOf('monitor.fired', firing.id),
    userId: monitor.user_id,
    type: 'monitor.fired',
    data: {
      monitor: {
        id: monitor.id,
        name: monitor.name,
        platform: monitor.platform,
        account_id: monitor.account_id,
      },
      campaign: { id: firing.campaign_id, name: firing.campaign_name },
      firing: { id: firing.id, period: firing.period, due_at: firing.slot_at, fired_at: firing.fired_at },
      seen,
      action: firing.action,
      result: { status: action.result, text: action.text, request_id: action.requestId },
    },
    text: `Monitor "${monitor.name}" fired on ${campaign}: ${seenWords(seen)}.${done}`,
  });
}
