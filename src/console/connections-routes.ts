import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { isPlatform, PLATFORMS, type Platform } from '../platform-families.ts';
import { CONNECT_PROTOCOLS } from '../platforms/connect-registry.ts';
import { connectMode, disconnect, finishConnect, startConnect } from '../platforms/oauth-flow.ts';
import { listAdAccounts, listConnections } from '../storage/accounts.ts';
import { signedIn } from '../web/console-request.ts';
import { formDone } from '../web/form-done.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { visibleAccounts } from '../web/member-scope.ts';
import { ADMIN } from '../web/roles.ts';
import { connectionsPage } from './connections-page.ts';

interface CallbackQuery {
  code?: string;
  /** TikTok returns the code under this name. */
  auth_code?: string;
  state?: string;
  error?: string;
}

export function registerConnectionsRoutes(app: FastifyInstance, services: Services): void {
  const { storage } = services;
  const modes = Object.fromEntries(PLATFORMS.map((p) => [p, connectMode(services, p)])) as Record<
    Platform,
    ReturnType<typeof connectMode>
  >;
  const connectable = Object.fromEntries(
    PLATFORMS.map((p) => [p, CONNECT_PROTOCOLS[p] !== undefined]),
  ) as Record<Platform, boolean>;

  async function render(request: FastifyRequest, reply: FastifyReply, status: number, notice?: Notice) {
    const session = signedIn(request);
    const [connections, accounts] = await Promise.all([
      listConnections(storage.db, session.user.id),
      visibleAccounts(storage.db, session),
    ]);
    return sendPage(
      reply,
      status,
      connectionsPage({
        session,
        connections,
        accounts,
        modes,
        connectable,
        sandboxEnabled: services.config.platforms.sandboxEnabled,
        notice,
      }),
    );
  }

  /** Expected failures of the flow are shown on the page; anything else is the error page's. */
  function failure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    if (!(error instanceof AppError)) throw error;
    return render(request, reply, error.status, { kind: 'error', text: error.message });
  }

  app.get('/connections', async (request, reply) => render(request, reply, 200));

  const done = (request: FastifyRequest, reply: FastifyReply, text: string) =>
    formDone(services, request, reply, '/connections', text);

  app.post<{ Params: { platform: string } }>(
    '/connections/:platform/connect',
    ADMIN,
    async (request, reply) => {
      const { platform } = request.params;
      if (!isPlatform(platform)) {
        return render(request, reply, 404, { kind: 'error', text: 'There is no such platform.' });
      }
      const session = signedIn(request);
      // Reconnecting asks for the accounts already connected, so the new grant still covers them.
      const connectionIds = (await listConnections(storage.db, session.user.id))
        .filter((c) => c.platform === platform && c.mode === modes[platform])
        .map((c) => c.id);
      const current = (await listAdAccounts(storage.db, session.user.id, platform))
        .filter((account) => connectionIds.includes(account.connection_id))
        .map((account) => account.account_id);
      try {
        const url = startConnect(services, session.user.id, platform, current);
        return reply.redirect(url, 303);
      } catch (error) {
        return failure(request, reply, error);
      }
    },
  );

  app.get<{ Params: { platform: string }; Querystring: CallbackQuery }>(
    '/connections/:platform/callback',
    ADMIN,
    async (request, reply) => {
      const { platform } = request.params;
      if (!isPlatform(platform)) {
        return render(request, reply, 404, { kind: 'error', text: 'There is no such platform.' });
      }
      const { code, auth_code: authCode, state, error } = request.query;
      try {
        await finishConnect(services, signedIn(request).user.id, platform, {
          code: code ?? authCode,
          state,
          error,
        });
      } catch (caught) {
        return failure(request, reply, caught);
      }
      request.log.info({ platform }, 'console connected a platform');
      return done(request, reply, 'Connected. The accounts below are ready for your agents.');
    },
  );

  app.post<{ Params: { id: string } }>('/connections/:id/disconnect', ADMIN, async (request, reply) => {
    if (!(await disconnect(services, signedIn(request).user.id, request.params.id))) {
      return render(request, reply, 404, { kind: 'error', text: 'There is no such connection.' });
    }
    request.log.info({ connection_id: request.params.id }, 'console removed a connection');
    return done(request, reply, 'Disconnected.');
  });
}
