/** The events an owner can choose for an endpoint (docs/notifications.md says what each one's `data` holds). */
export const EVENT_TYPES = [
  'monitor.fired',
  'approval.requested',
  'approval.decided',
  'connection.failing',
  'quota.threshold',
  'envelope.threshold',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The console's "Send a test event": delivered to the one endpoint it was sent from, like any other. */
export const TEST_EVENT = 'test';

/** Each event in the owner's words, for the console's checkboxes and lists. */
export const EVENT_LABELS: Record<EventType, string> = {
  'monitor.fired': 'A monitor fired',
  'approval.requested': 'A change waits for my approval',
  'approval.decided': 'An approval was decided or expired',
  'connection.failing': 'A connection stopped working',
  'quota.threshold': 'My quota reached 80% or 100%',
  'envelope.threshold': "A client's monthly envelope reached 80% or 100%",
};

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
