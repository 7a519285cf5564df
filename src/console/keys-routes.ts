import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { createKey, type NewApiKey } from '../owners/create-key.ts';
import { KeyCapError, keyCapOf } from '../owners/key-cap.ts';
import { isLifetime } from '../owners/key-lifetimes.ts';
import { KeyWideningError, narrowKey } from '../owners/narrow-key.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { findApiKeyById, keyLimits, revokeApiKey } from '../storage/api-keys.ts';
import { listClients } from '../storage/clients.ts';
import { claimKeyForm } from '../storage/console-sessions.ts';
import { listOAuthGrants, listOwnedClients } from '../storage/oauth-grants.ts';
import { findUserById } from '../storage/users.ts';
import { signedIn } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { limitsInput } from '../web/limit-fields.ts';
import { isLimited, seesKey, visibleAccounts, visibleClients, visibleKeys } from '../web/member-scope.ts';
import { OPERATOR } from '../web/roles.ts';
import { registerAppsRoutes } from './apps-routes.ts';
import { keysPage, newKeyBox } from './keys-page.ts';

const MAX_NAME_LENGTH = 100;

export function registerKeysRoutes(app: FastifyInstance, services: Services): void {
  const { config, storage, clock } = services;

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { notice?: Notice; draftName?: string } = {},
  ) {
    const session = signedIn(request);
    const [keys, accounts, grants, clients, agencyClients, allClients] = await Promise.all([
      visibleKeys(storage.db, session),
      visibleAccounts(storage.db, session),
      listOAuthGrants(storage.db, session.user.id),
      listOwnedClients(storage.db, session.user.id),
      visibleClients(storage.db, session),
      listClients(storage.db, session.user.id),
    ]);
    const limitsOf = new Map(
      await Promise.all(keys.map(async (key) => [key.id, await keyLimits(storage.db, key)] as const)),
    );
    const apps = {
      csrfToken: session.csrfToken,
      grants,
      clients,
      appUrl: config.appUrl,
    };
    const view = {
      session,
      keys,
      limitsOf,
      accounts,
      clients: agencyClients,
      clientNames: new Map(allClients.map((c) => [c.id, c.name])),
      apps,
      limit: keyCapOf(config, session.user.tier),
      now: clock.now(),
      ...extra,
    };
    return sendPage(reply, status, keysPage(view));
  }

  registerAppsRoutes(app, services, render);

  app.get('/keys', async (request, reply) => render(request, reply, 200));

  app.post('/keys', OPERATOR, async (request, reply) => {
    const session = signedIn(request);
    const name = formField(request, 'name').trim();
    const expires = formField(request, 'expires');
    const refuse = (status: number, text: string) =>
      render(request, reply, status, { notice: { kind: 'error', text }, draftName: name });
    if (!name || name.length > MAX_NAME_LENGTH)
      return refuse(400, `Give the key a name of 1 to ${MAX_NAME_LENGTH} characters.`);
    if (!isLifetime(expires)) return refuse(400, 'Choose when the key expires.');
    if (!/^[A-Za-z0-9_-]{43}$/.test(formField(request, 'form_id')))
      return refuse(400, 'Reload the page and try again.');
    const limits = limitsInput(request);
    if (isLimited(session) && !session.member.clients.includes(limits.client ?? '')) {
      return refuse(403, 'You may make keys only for your clients: choose one of them.');
    }
    const user = await findUserById(storage.db, session.user.id);
    if (!user) throw new Error('the signed-in owner no longer exists');
    // The form sent again from the browser's history must not make a second key.
    if (!(await claimKeyForm(storage.db, session.idHash, formField(request, 'form_id')))) {
      return render(request, reply, 409, {
        notice: {
          kind: 'error',
          text: 'This form was already sent: the key it created is listed below, and its secret was shown only once.',
        },
      });
    }
    let created: NewApiKey;
    try {
      created = await createKey(services, user, {
        name,
        lifetime: expires,
        limits,
        createdBy: session.member.personId,
      });
    } catch (error) {
      if (error instanceof KeyCapError)
        return refuse(409, `Your ${error.tier} plan allows ${error.cap} active keys. Revoke one first.`);
      if (error instanceof OwnerError) return refuse(400, `The key was not created: ${error.message}.`);
      throw error;
    }
    request.log.info({ api_key_id: created.id }, 'console created an API key');
    const text = `The key “${name}” is made.`;
    return formDone(services, request, reply, '/keys', text, newKeyBox({ name, key: created.key }));
  });

  app.post<{ Params: { id: string } }>('/keys/:id/narrow', OPERATOR, async (request, reply) => {
    const session = signedIn(request);
    const key = await findApiKeyById(storage.db, request.params.id);
    if (!key || key.user_id !== session.user.id || key.revoked_at !== null || !seesKey(session, key)) {
      return render(request, reply, 404, { notice: { kind: 'error', text: 'There is no such key.' } });
    }
    try {
      await narrowKey(storage.db, key, limitsInput(request));
    } catch (error) {
      if (!(error instanceof OwnerError)) throw error;
      const text =
        error instanceof KeyWideningError
          ? `Nothing changed: a key can be narrowed, never widened (create a new key for more): ${error.widening.join('; ')}.`
          : `Nothing changed: ${error.message}.`;
      return render(request, reply, 400, { notice: { kind: 'error', text } });
    }
    request.log.info({ api_key_id: key.id }, 'console narrowed an API key');
    const text = 'The key is narrowed: its next call already follows.';
    return formDone(services, request, reply, '/keys', text);
  });

  app.post<{ Params: { id: string } }>('/keys/:id/revoke', OPERATOR, async (request, reply) => {
    const session = signedIn(request);
    const key = await findApiKeyById(storage.db, request.params.id);
    if (!key || key.user_id !== session.user.id || !seesKey(session, key)) {
      return render(request, reply, 404, { notice: { kind: 'error', text: 'There is no such key.' } });
    }
    await revokeApiKey(storage.db, key.id, clock.now());
    request.log.info({ api_key_id: key.id }, 'console revoked an API key');
    return formDone(services, request, reply, '/keys', 'The key is revoked.');
  });
}
