import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import {
  createEndpoint,
  deleteEndpoint,
  disableEndpoint,
  EndpointRefused,
  enableEndpoint,
  MAX_ENDPOINTS,
  rotateEndpointSecret,
  sendTestEvent,
} from '../notifications/endpoints.ts';
import type { WebhookEndpoint } from '../storage/schema.ts';
import { listEndpointDeliveries } from '../storage/webhook-deliveries.ts';
import { findWebhookEndpoint, listWebhookEndpoints } from '../storage/webhook-endpoints.ts';
import { signedIn } from '../web/console-request.ts';
import { formField, formFields } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import type { SafeHtml } from '../web/html.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { ADMIN } from '../web/roles.ts';
import { type NotificationsView, notificationsPage, signingSecretBox } from './notifications-page.ts';

/** Deliveries listed under each endpoint, newest first. */
const DELIVERIES_SHOWN = 20;

type Extra = Pick<NotificationsView, 'notice' | 'draft'>;

/** The owner's webhook endpoints (docs/notifications.md): add, test, rotate, disable, delete. */
export function registerNotificationsRoutes(app: FastifyInstance, services: Services): void {
  const { storage } = services;

  async function render(request: FastifyRequest, reply: FastifyReply, status: number, extra: Extra = {}) {
    const session = signedIn(request);
    const endpoints = await listWebhookEndpoints(storage.db, session.user.id);
    const views = await Promise.all(
      endpoints.map(async (endpoint) => ({
        endpoint,
        deliveries: await listEndpointDeliveries(storage.db, endpoint.id, DELIVERIES_SHOWN),
      })),
    );
    return sendPage(
      reply,
      status,
      notificationsPage({ session, endpoints: views, limit: MAX_ENDPOINTS, ...extra }),
    );
  }

  app.get('/notifications', async (request, reply) => render(request, reply, 200));

  const done = (request: FastifyRequest, reply: FastifyReply, text: string, details?: SafeHtml) =>
    formDone(services, request, reply, '/notifications', text, details);

  app.post('/notifications', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const draft = { url: formField(request, 'url'), events: formFields(request, 'events') };
    try {
      const created = await createEndpoint(services, session.user.id, draft);
      request.log.info({ endpoint_id: created.endpoint.id }, 'console added a webhook endpoint');
      return done(
        request,
        reply,
        'The endpoint is added. Send it a test event to see it work.',
        signingSecretBox({ url: created.endpoint.url, secret: created.secret, rotated: false }),
      );
    } catch (error) {
      if (!(error instanceof EndpointRefused)) throw error;
      const notice: Notice = { kind: 'error', text: `The endpoint was not added. ${error.message}` };
      return render(request, reply, 400, { notice, draft });
    }
  });

  /** A route acting on one of the owner's endpoints; another owner's is not found. */
  function onEndpoint(
    path: string,
    act: (endpoint: WebhookEndpoint, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) {
    app.post<{ Params: { id: string } }>(`/notifications/:id/${path}`, ADMIN, async (request, reply) => {
      const session = signedIn(request);
      const endpoint = await findWebhookEndpoint(storage.db, request.params.id, session.user.id);
      if (!endpoint) {
        return render(request, reply, 404, { notice: { kind: 'error', text: 'There is no such endpoint.' } });
      }
      return act(endpoint, request, reply);
    });
  }

  onEndpoint('rotate', async (endpoint, request, reply) => {
    const secret = await rotateEndpointSecret(services, endpoint);
    request.log.info({ endpoint_id: endpoint.id }, 'console rotated a webhook secret');
    return done(
      request,
      reply,
      'The signing secret is rotated.',
      signingSecretBox({ url: endpoint.url, secret, rotated: true }),
    );
  });

  onEndpoint('test', async (endpoint, request, reply) => {
    await sendTestEvent(services, endpoint);
    return done(request, reply, 'A test event is on its way: its delivery is listed under the endpoint.');
  });

  onEndpoint('disable', async (endpoint, request, reply) => {
    await disableEndpoint(services, endpoint);
    return done(request, reply, 'The endpoint is disabled: nothing more is sent to it.');
  });

  onEndpoint('enable', async (endpoint, request, reply) => {
    await enableEndpoint(services, endpoint);
    return done(request, reply, 'The endpoint is enabled: the next events are sent to it.');
  });

  onEndpoint('delete', async (endpoint, request, reply) => {
    await deleteEndpoint(services, endpoint);
    request.log.info({ endpoint_id: endpoint.id }, 'console deleted a webhook endpoint');
    return done(request, reply, 'The endpoint is deleted.');
  });
}
