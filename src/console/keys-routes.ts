import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KeyLimitsError, keyLimitsFrom } from '../auth/key-limits-input.ts';
import type { Tier } from '../config.ts';
import type { Services } from '../context.ts';
import { type KeyLimits, limitsOfRow, wideningOf } from '../key-limits.ts';
import { createKey, KEY_LIFETIMES, type KeyLifetime } from '../owners.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import { findApiKeyById, listApiKeys, revokeApiKey, setApiKeyLimits } from '../storage/api-keys.ts';
import { claimKeyForm } from '../storage/console-sessions.ts';
import { listOAuthGrants, listOwnedClients } from '../storage/oauth-grants.ts';
import { findUserById } from '../storage/users.ts';
import { signedIn } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { registerAppsRoutes } from './apps-routes.ts';
import type { NewClient } from './apps-section.ts';
import { keyStatus } from './key-status.ts';
import { keysPage, type NewKey } from './keys-page.ts';
import { limitsInput } from './limit-fields.ts';

const MAX_NAME_LENGTH = 100;

function isLifetime(value: string): value is KeyLifetime {
  return Object.hasOwn(KEY_LIFETIMES, value);
}

export function registerKeysRoutes(app: FastifyInstance, services: Services): void {
  const { config, storage, clock } = services;
  const limitOf = (tier: string) => config.console.keyLimits[tier as Tier] ?? 0;

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { newKey?: NewKey; notice?: Notice; draftName?: string; newClient?: NewClient } = {},
  ) {
    const session = signedIn(request);
    const [keys, accounts, grants, clients] = await Promise.all([
      listApiKeys(storage.db, session.user.id),
      listAdAccounts(storage.db, session.user.id),
      listOAuthGrants(storage.db, session.user.id),
      listOwnedClients(storage.db, session.user.id),
    ]);
    const apps = {
      csrfToken: session.csrfToken,
      grants,
      clients,
      appUrl: config.appUrl,
      newClient: extra.newClient,
    };
    const view = {
      session,
      keys,
      accounts,
      apps,
      limit: limitOf(session.user.tier),
      now: clock.now(),
      ...extra,
    };
    return sendPage(reply, status, keysPage(view));
  }

  registerAppsRoutes(app, services, render);

  app.get<{ Querystring: { done?: string } }>('/keys', async (request, reply) => {
    const notice: Notice | undefined =
      request.query.done === 'revoked'
        ? { kind: 'success', text: 'The key is revoked.' }
        : request.query.done === 'narrowed'
          ? { kind: 'success', text: 'The key is narrowed: its next call already follows.' }
          : request.query.done === 'app-revoked'
            ? { kind: 'success', text: 'The app is revoked: its next call gets 401.' }
            : request.query.done === 'client-deleted'
              ? { kind: 'success', text: 'The OAuth client is deleted: every sign-in through it ended.' }
              : undefined;
    return render(request, reply, 200, notice && { notice });
  });

  app.post('/keys', async (request, reply) => {
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
    const user = await findUserById(storage.db, session.user.id);
    if (!user) throw new Error('the signed-in owner no longer exists');
    // A reload of the page showing a new key sends its form again: that must not make a second key.
    if (!(await claimKeyForm(storage.db, session.idHash, formField(request, 'form_id')))) {
      return render(request, reply, 409, {
        notice: {
          kind: 'error',
          text: 'This form was already sent: the key it created is listed below, and its secret was shown only once.',
        },
      });
    }
    const now = clock.now();
    const live = (await listApiKeys(storage.db, user.id)).filter((k) => keyStatus(k, now) === 'active');
    // Checked, then inserted: two simultaneous creations may pass one over the limit, which a person
    // clicking in a browser does not do; the limit is a plan allowance, not a security boundary.
    if (live.length >= limitOf(user.tier)) {
      return refuse(
        409,
        `Your ${user.tier} plan allows ${limitOf(user.tier)} active keys. Revoke one first.`,
      );
    }
    let limits: KeyLimits;
    try {
      limits = await keyLimitsFrom(storage.db, user.id, limitsInput(request));
    } catch (error) {
      if (error instanceof KeyLimitsError) return refuse(400, `The key was not created: ${error.message}.`);
      throw error;
    }
    const created = await createKey(storage.db, user, name, expires, now, limits);
    request.log.info({ api_key_id: created.id }, 'console created an API key');
    return render(request, reply, 200, { newKey: { name, key: created.key } });
  });

  app.post<{ Params: { id: string } }>('/keys/:id/narrow', async (request, reply) => {
    const session = signedIn(request);
    const key = await findApiKeyById(storage.db, request.params.id);
    if (!key || key.user_id !== session.user.id || key.revoked_at !== null) {
      return render(request, reply, 404, { notice: { kind: 'error', text: 'There is no such key.' } });
    }
    const current = limitsOfRow(key);
    let proposed: KeyLimits;
    try {
      proposed = await keyLimitsFrom(storage.db, session.user.id, limitsInput(request), current);
    } catch (error) {
      if (!(error instanceof KeyLimitsError)) throw error;
      return render(request, reply, 400, {
        notice: { kind: 'error', text: `Nothing changed: ${error.message}.` },
      });
    }
    const widening = wideningOf(current, proposed);
    if (widening.length > 0) {
      const text = `Nothing changed: a key can be narrowed, never widened (create a new key for more): ${widening.join('; ')}.`;
      return render(request, reply, 400, { notice: { kind: 'error', text } });
    }
    await setApiKeyLimits(storage.db, key.id, proposed);
    request.log.info({ api_key_id: key.id }, 'console narrowed an API key');
    return reply.redirect('/keys?done=narrowed', 303);
  });

  app.post<{ Params: { id: string } }>('/keys/:id/revoke', async (request, reply) => {
    const session = signedIn(request);
    const key = await findApiKeyById(storage.db, request.params.id);
    if (!key || key.user_id !== session.user.id) {
      return render(request, reply, 404, { notice: { kind: 'error', text: 'There is no such key.' } });
    }
    await revokeApiKey(storage.db, key.id, clock.now());
    request.log.info({ api_key_id: key.id }, 'console revoked an API key');
    return reply.redirect('/keys?done=revoked', 303);
  });
}
