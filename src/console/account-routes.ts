import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Services } from '../context.ts';
import { OwnerError } from '../owners/owner-error.ts';
import {
  confirmTotpSetup,
  pendingTotpSetup,
  removeSecondFactor,
  startTotpSetup,
} from '../owners/second-factor.ts';
import { findPersonById } from '../storage/people.ts';
import { countUnusedRecoveryCodes, findTotp } from '../storage/second-factors.ts';
import { signedIn } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { type AccountView, accountPage, recoveryCodesBox } from './account-page.ts';

/** Anyone signed in manages their own second factor, whatever their role: it is theirs, not the workspace's. */
const ANY_MEMBER = { config: { role: 'viewer' as const } };

/** The person's own account: their second factor (an authenticator app, recovery codes). */
export function registerAccountRoutes(app: FastifyInstance, services: Services): void {
  const { storage } = services;

  async function personOf(request: FastifyRequest) {
    const person = await findPersonById(storage.db, signedIn(request).member.personId);
    if (!person) throw new Error('the signed-in person no longer exists');
    return person;
  }

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: Pick<AccountView, 'notice'> = {},
  ) {
    const session = signedIn(request);
    const person = await personOf(request);
    const row = await findTotp(storage.db, person.id);
    // A set-up begun and left shows again, so the person can finish it.
    const pending = await pendingTotpSetup(services, person);
    const view: AccountView = {
      session,
      totp: row?.confirmed_at
        ? {
            confirmedAt: row.confirmed_at,
            recoveryCodesLeft: await countUnusedRecoveryCodes(storage.db, person.id),
          }
        : undefined,
      setup: pending && { ...pending, qrSvg: await QRCode.toString(pending.uri, { type: 'svg', margin: 1 }) },
      notice: extra.notice,
    };
    return sendPage(reply, status, accountPage(view));
  }

  const refusal = (error: unknown): Notice => {
    if (!(error instanceof OwnerError)) throw error;
    return { kind: 'error', text: error.message };
  };

  app.get('/account', async (request, reply) => render(request, reply, 200));

  app.post('/account/totp/start', ANY_MEMBER, async (request, reply) => {
    const person = await personOf(request);
    if ((await findTotp(storage.db, person.id))?.confirmed_at) {
      const text = 'An authenticator is set up already: remove it first to set up another.';
      return render(request, reply, 400, { notice: { kind: 'error', text } });
    }
    await startTotpSetup(services, person);
    return reply.redirect('/account#setup-title', 303);
  });

  app.post('/account/totp/confirm', ANY_MEMBER, async (request, reply) => {
    try {
      const recoveryCodes = await confirmTotpSetup(
        services,
        await personOf(request),
        formField(request, 'code'),
      );
      request.log.info('console set up a second factor');
      const text = 'Your authenticator is set up: signing in asks for its code from now on.';
      return await formDone(services, request, reply, '/account', text, recoveryCodesBox(recoveryCodes));
    } catch (error) {
      return render(request, reply, 400, { notice: refusal(error) });
    }
  });

  app.post('/account/totp/remove', ANY_MEMBER, async (request, reply) => {
    try {
      await removeSecondFactor(services, await personOf(request), formField(request, 'code'));
      request.log.info('console removed a second factor');
      const text = 'The authenticator is removed: you sign in with your password alone.';
      return await formDone(services, request, reply, '/account', text);
    } catch (error) {
      return render(request, reply, 400, { notice: refusal(error) });
    }
  });
}
