import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { signedIn } from '../web/console-request.ts';
import { sendPage } from '../web/layout.ts';
import { billingPage } from './billing-page.ts';

/** `{app_url}/billing`: the API's `upgrade_url`. */
export function registerBillingRoutes(app: FastifyInstance, services: Services): void {
  const { config } = services;
  app.get('/billing', async (request, reply) =>
    sendPage(
      reply,
      200,
      billingPage({ session: signedIn(request), callLimits: config.tierLimits, console: config.console }),
    ),
  );
}
