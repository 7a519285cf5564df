import { EVENT_LABELS, EVENT_TYPES } from '../notifications/event-types.ts';
import type { WebhookEndpoint } from '../storage/schema.ts';
import type { DeliveryListing } from '../storage/webhook-deliveries.ts';
import { endpointEvents } from '../storage/webhook-endpoints.ts';
import { type Column, dataTable, type Row } from '../web/data-table.ts';
import { eventName, formatTime } from '../web/format.ts';
import { html } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import { secretField } from '../web/secret-field.ts';
import type { SignedIn } from '../web/session.ts';
import { statusBadge } from '../web/status-badge.ts';

/** A signing secret just made (a new endpoint, or a rotation): shown this once. */
export interface ShownSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

export interface EndpointView {
  endpoint: WebhookEndpoint;
  deliveries: DeliveryListing[];
}

export interface NotificationsView {
  session: SignedIn;
  endpoints: EndpointView[];
  /** How many endpoints an owner may have. */
  limit: number;
  notice?: Notice | undefined;
  /** The form as sent, when it was refused. */
  draft?: { url: string; events: string[] } | undefined;
}

/** A signing secret just made, under the notice of the page its form redirects to: the only time it is shown. */
export function signingSecretBox(shown: ShownSecret) {
  return html`<section class="secret" aria-labelledby="new-secret-title">
  <h2 id="new-secret-title">${shown.rotated ? 'The new signing secret' : 'The signing secret'} of ${shown.url}</h2>
  <p><strong>Copy it now: it is shown only this once.</strong> Your receiver checks each delivery's
  <code>Adops-Signature</code> header with it, as <code>docs/notifications.md</code> of adops shows.${shown.rotated ? ' The old secret signs nothing from now on.' : ''}</p>
  ${secretField('new-secret', 'Signing secret', shown.secret)}
</section>`;
}

function createForm(view: NotificationsView) {
  const full = view.endpoints.length >= view.limit;
  // Every event to start with: an owner trying a webhook sees deliveries without reading the list first.
  const chosen: readonly string[] = view.draft?.events ?? EVENT_TYPES;
  return html`<h2>Add an endpoint</h2>
<p>adops POSTs each event you choose to the URL as signed JSON. A Slack incoming webhook URL works as it is: Slack shows each event's <code>text</code>.</p>
${full ? html`<p class="notice notice-error">You have ${view.limit} endpoints, the most one owner may have: delete one to add another.</p>` : ''}
<form method="post" action="/notifications" class="stack wide">
  ${csrfInput(view.session.csrfToken)}
  <div class="field"><label for="endpoint-url">URL (https)</label>
    <input id="endpoint-url" type="url" name="url" required maxlength="2000" value="${view.draft?.url ?? ''}" placeholder="https://hooks.example.com/adops" autocomplete="off" spellcheck="false"></div>
  <fieldset><legend>Events to send</legend>
  ${EVENT_TYPES.map(
    (type) =>
      html`<label><input type="checkbox" name="events" value="${type}"${chosen.includes(type) ? html` checked` : ''}> ${EVENT_LABELS[type]} <code>${eventName(type)}</code></label>`,
  )}
  </fieldset>
  <button type="submit"${full ? html` disabled` : ''}>Add endpoint</button>
</form>`;
}

function statusOf(endpoint: WebhookEndpoint) {
  if (endpoint.disabled_at === null) {
    return endpoint.failing_since
      ? statusBadge('failing', html`since ${formatTime(endpoint.failing_since)}`)
      : statusBadge('enabled');
  }
  return statusBadge('disabled', html`${formatTime(endpoint.disabled_at)}: ${endpoint.disabled_reason}`);
}

/** On a phone a delivery shows its event, status and attempts; the rest folds into its detail line. */
const DELIVERY_COLUMNS: Column[] = [
  { label: 'Event' },
  { label: 'Status' },
  { label: 'Attempts', fold: true },
  { label: 'Last answer', fold: true },
  { label: 'Created', fold: true },
  { label: 'Next attempt', fold: true },
  { label: 'Delivered', fold: true },
];

function deliveryRow(delivery: DeliveryListing): Row {
  const answer =
    delivery.last_status !== null
      ? html`HTTP ${delivery.last_status}${delivery.last_error && delivery.status !== 'delivered' ? html`: ${delivery.last_error}` : ''}`
      : (delivery.last_error ?? '—');
  return {
    cells: [
      html`<code>${eventName(delivery.event_type)}</code>`,
      statusBadge(delivery.status),
      delivery.attempts,
      answer,
      formatTime(delivery.created_at),
      formatTime(delivery.next_attempt_at),
      formatTime(delivery.delivered_at),
    ],
  };
}

function action(
  endpoint: WebhookEndpoint,
  csrf: string,
  path: string,
  label: string,
  className = 'secondary',
) {
  return html`<form method="post" action="/notifications/${endpoint.id}/${path}" class="inline">
  ${csrfInput(csrf)}
  <button type="submit" class="${className}">${label}<span class="visually-hidden"> for ${endpoint.url}</span></button>
</form>`;
}

function endpointSection(view: EndpointView, csrf: string, index: number) {
  const { endpoint, deliveries } = view;
  const id = `endpoint-${index}`;
  const enabled = endpoint.disabled_at === null;
  const list =
    deliveries.length === 0
      ? html`<p class="empty">No deliveries yet.</p>`
      : dataTable({
          caption: html`Deliveries to ${endpoint.url}, newest first`,
          columns: DELIVERY_COLUMNS,
          rows: deliveries.map(deliveryRow),
        });
  return html`<section class="card" aria-labelledby="${id}">
<h3 id="${id}"><code>${endpoint.url}</code></h3>
<p>${statusOf(endpoint)} · added ${formatTime(endpoint.created_at)}</p>
<p>Events: ${endpointEvents(endpoint).map((type, i) => html`${i > 0 ? ', ' : ''}<code>${type}</code>`)}</p>
<div class="actions">
${enabled ? action(endpoint, csrf, 'test', 'Send a test event', '') : action(endpoint, csrf, 'enable', 'Enable', '')}
${enabled ? action(endpoint, csrf, 'disable', 'Disable') : ''}
<details class="confirm">
  <summary>Rotate secret<span class="visually-hidden"> of ${endpoint.url}</span></summary>
  <form method="post" action="/notifications/${endpoint.id}/rotate">
    ${csrfInput(csrf)}
    <p>A new secret signs every attempt from now on, retries of earlier events too: update your receiver right away.</p>
    <button type="submit">Rotate the secret</button>
  </form>
</details>
<details class="confirm">
  <summary>Delete<span class="visually-hidden"> ${endpoint.url}</span></summary>
  <form method="post" action="/notifications/${endpoint.id}/delete">
    ${csrfInput(csrf)}
    <p>Nothing more is sent to it, retries included, and its deliveries are forgotten.</p>
    <button type="submit" class="danger">Delete the endpoint</button>
  </form>
</details>
</div>
${list}
</section>`;
}

export function notificationsPage(view: NotificationsView) {
  const csrf = view.session.csrfToken;
  const list =
    view.endpoints.length === 0
      ? html`<p class="empty">No endpoint yet: events are not sent anywhere.</p>`
      : view.endpoints.map((each, i) => endpointSection(each, csrf, i));
  const body = html`
<p>Webhooks tell your systems what happens while nobody watches: a monitor firing, a change waiting for your approval, a connection that stopped working, your quota running out. Each delivery is signed and retried for 24 hours; an endpoint that fails for 3 days is disabled.</p>
${createForm(view)}
<h2>Your endpoints</h2>
${list}`;
  return page({
    title: 'Notifications',
    session: view.session,
    section: '/notifications',
    notice: view.notice,
    body,
  });
}
