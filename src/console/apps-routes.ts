import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ClientMetadata, errors } from 'oidc-provider';
import type { Services } from '../context.ts';
import {
  deleteOwnedClient,
  endOAuthGrants,
  findOAuthGrant,
  insertOwnedClient,
} from '../storage/oauth-grants.ts';
import { signedIn } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import type { Notice } from '../web/layout.ts';
import { OPERATOR } from '../web/roles.ts';
import { newClientBox } from './apps-section.ts';

const MAX_NAME_LENGTH = 100;

type RenderKeys = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  extra: { notice?: Notice },
) => Promise<FastifyReply>;

/** The OAuth side of the keys page: revoking a connected app, making a client for a ChatGPT Action. */
export function registerAppsRoutes(app: FastifyInstance, services: Services, render: RenderKeys): void {
  const { storage, clock } = services;

  app.post<{ Params: { id: string } }>('/keys/apps/:id/revoke', OPERATOR, async (request, reply) => {
    const session = signedIn(request);
    const grant = await findOAuthGrant(storage.db, request.params.id);
    if (!grant || grant.user_id !== session.user.id || grant.revoked_at !== null) {
      return render(request, reply, 404, { notice: { kind: 'error', text: 'There is no such app.' } });
    }
    await endOAuthGrants(storage.db, [grant.id], clock.now());
    request.log.info({ grant_id: request.params.id }, 'console revoked an OAuth app');
    const text = 'The app is revoked: its next call gets 401.';
    return formDone(services, request, reply, '/keys', text);
  });

  app.post<{ Params: { id: string } }>('/keys/oauth-clients/:id/delete', OPERATOR, async (request, reply) => {
    const session = signedIn(request);
    const clientId = request.params.id;
    // Every sign-in made through it ends with it: the next call of any of its tokens is a 401.
    if (!(await deleteOwnedClient(storage.db, session.user.id, clientId, clock.now()))) {
      return render(request, reply, 404, { notice: { kind: 'error', text: 'There is no such client.' } });
    }
    await services.oauth.deleteClient(clientId);
    request.log.info({ oauth_client_id: clientId }, 'console deleted an OAuth client');
    const text = 'The OAuth client is deleted: every sign-in through it ended.';
    return formDone(services, request, reply, '/keys', text);
  });

  app.post('/keys/oauth-clients', OPERATOR, async (request, reply) => {
    const session = signedIn(request);
    const name = formField(request, 'name').trim();
    const redirectUri = formField(request, 'redirect_uri').trim();
    const refuse = (text: string) =>
      render(request, reply, 400, { notice: { kind: 'error', text: `The client was not created: ${text}` } });
    if (!name || name.length > MAX_NAME_LENGTH)
      return refuse(`give it a name of 1 to ${MAX_NAME_LENGTH} characters.`);
    const provider = services.oauth.provider();
    const clientId = `adops_${randomBytes(16).toString('base64url')}`;
    const clientSecret = randomBytes(32).toString('base64url');
    const metadata: ClientMetadata = {
      client_id: clientId,
      client_secret: clientSecret,
      client_name: name,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // The token endpoint takes the secret in the body or as Basic alike (ChatGPT offers both).
      token_endpoint_auth_method: 'client_secret_post',
    };
    try {
      await provider.Client.validate(metadata);
    } catch (error) {
      if (!(error instanceof errors.OIDCProviderError)) throw error;
      return refuse(`${error.error_description ?? 'the redirect URI is not valid'}.`);
    }
    await services.oauth.storeOwnedClient(clientId, metadata);
    await insertOwnedClient(storage.db, {
      client_id: clientId,
      user_id: session.user.id,
      name,
      redirect_uri: redirectUri,
      created_at: clock.now().toISOString(),
    });
    request.log.info({ oauth_client_id: clientId }, 'console created an OAuth client');
    const box = newClientBox({ name, clientId, clientSecret }, services.config.appUrl);
    const text = `The OAuth client “${name}” is made.`;
    return formDone(services, request, reply, '/keys', text, box);
  });
}
