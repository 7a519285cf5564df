import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from 'oidc-provider';
import { ownResource, resourceOf } from '../auth/protected-resource.ts';
import type { Services } from '../context.ts';
import type { KeyLimits } from '../key-limits.ts';
import { appGrantLimits, approveApp } from '../owners/app-grants.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import { consoleRequest } from '../web/console-request.ts';
import { sendErrorPage } from '../web/error-page.ts';
import { formField } from '../web/form.ts';
import type { Notice } from '../web/layout.ts';
import { sendPage } from '../web/layout.ts';
import { limitsInput } from '../web/limit-fields.ts';
import { CONSENT_PATH_PREFIX } from '../web/oauth-consent-path.ts';
import { consentPage } from './consent-page.ts';
import { scopeWords, widestScope } from './oauth-scopes.ts';

type Params = { uid: string };

/**
 * The consent page of the authorization server (src/oauth): the owner, signed in to the console, sees
 * which app asks, where its answer goes and what it asks for, and grants it limits a key could carry.
 */
export function registerConsentRoutes(app: FastifyInstance, services: Services): void {
  const { storage, clock } = services;

  /** The pending authorization request this page belongs to; undefined when it expired or is another's. */
  async function pending(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const provider = services.oauth.provider();
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) return undefined;
      const clientId = String(details.params.client_id ?? '');
      const client = await provider.Client.find(clientId);
      if (!client) return undefined;
      const scopeParameter = typeof details.params.scope === 'string' ? details.params.scope : '';
      const words = scopeParameter.split(' ').filter(Boolean);
      const redirect = String(details.params.redirect_uri ?? '');
      // The resource the request names (an MCP client names `<base>/mcp`), this service's: the provider
      // refused any other before the owner got here.
      const named = typeof details.params.resource === 'string' ? details.params.resource : '';
      const resource = ownResource(services.config, named) ?? resourceOf(services.config);
      return {
        provider,
        clientId,
        clientName: client.clientName ?? clientId,
        redirectHost: URL.canParse(redirect) ? new URL(redirect).host : redirect,
        words,
        requested: widestScope(words) ?? null,
        resource,
      };
    } catch (error) {
      // No interaction cookie, an expired or answered interaction, a client that no longer resolves.
      if (error instanceof errors.OIDCProviderError) return undefined;
      throw error;
    }
  }

  const expired = (reply: FastifyReply) =>
    sendErrorPage(
      reply,
      400,
      'This sign-in request has ended',
      'It expired, was already answered, or was opened in another browser. Go back to the app and connect again.',
    );

  async function render(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    found: NonNullable<Awaited<ReturnType<typeof pending>>>,
    status: number,
    notice?: Notice,
  ) {
    const session = consoleRequest(request).session;
    if (!session) throw new Error('consent rendered without a session');
    const accounts = await listAdAccounts(storage.db, session.user.id);
    return sendPage(
      reply,
      status,
      consentPage({
        session,
        uid: request.params.uid,
        clientName: found.clientName,
        redirectHost: found.redirectHost,
        requested: found.requested,
        accounts,
        notice,
      }),
    );
  }

  app.get<{ Params: Params }>(`${CONSENT_PATH_PREFIX}:uid`, async (request, reply) => {
    if (!consoleRequest(request).session) {
      return reply.redirect(
        `/login?next=${encodeURIComponent(`${CONSENT_PATH_PREFIX}${request.params.uid}`)}`,
        303,
      );
    }
    const found = await pending(request, reply);
    if (!found) return expired(reply);
    return render(request, reply, found, 200);
  });

  app.post<{ Params: Params }>(`${CONSENT_PATH_PREFIX}:uid`, async (request, reply) => {
    const session = consoleRequest(request).session;
    if (!session) return reply.redirect('/login', 303);
    const found = await pending(request, reply);
    if (!found) return expired(reply);
    const { provider } = found;
    if (formField(request, 'decision') !== 'allow') {
      const to = await provider.interactionResult(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: 'The owner denied the request.',
      });
      return reply.redirect(to, 303);
    }
    let limits: KeyLimits;
    try {
      limits = await appGrantLimits(
        storage.db,
        session.user.id,
        limitsInput(request),
        found.requested ?? 'spend',
      );
    } catch (error) {
      if (!(error instanceof OwnerError)) throw error;
      return render(request, reply, found, 400, {
        kind: 'error',
        text: `Nothing was granted: ${error.message}.`,
      });
    }
    const { resource } = found;
    const granted = scopeWords(limits.scope);
    const grant = new provider.Grant({ accountId: session.user.id, clientId: found.clientId });
    // OpenID scopes (openid, offline_access) go as asked; the API's, up to what the owner chose, the rest
    // recorded as refused, or the provider would ask the owner again. The API's scopes are both the
    // provider's own (clients register them) and the resource's: granted and refused as both.
    const refused = found.words.filter((word) => isApiScope(word) && !granted.includes(word));
    grant.addOIDCScope([...found.words.filter((word) => !isApiScope(word)), ...granted]);
    grant.rejectOIDCScope(refused);
    grant.addResourceScope(resource, granted);
    grant.rejectResourceScope(resource, refused);
    const approval = {
      userId: session.user.id,
      clientId: found.clientId,
      clientName: found.clientName,
      limits,
      now: clock.now(),
      approvedBy: session.member.personId,
    };
    const grantId = await approveApp(storage.db, approval, () => grant.save());
    request.log.info({ oauth_client_id: found.clientId, grant_id: grantId }, 'console granted an OAuth app');
    const to = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: session.user.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(to, 303);
  });
}

function isApiScope(word: string): boolean {
  return widestScope([word]) !== undefined;
}
