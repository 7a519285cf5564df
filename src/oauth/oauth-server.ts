import { createPrivateKey } from 'node:crypto';
import Provider, { type ClientMetadata, type Configuration, errors } from 'oidc-provider';
import type { AuthorizationServer } from '../auth/authorization-server.ts';
import { ownResource, resourceOf } from '../auth/protected-resource.ts';
import { SCOPES } from '../key-limits.ts';
import { isStorageFault } from '../storage/storage-fault.ts';
import { parseCookies } from '../web/cookies.ts';
import { CONSENT_PATH_PREFIX } from '../web/oauth-consent-path.ts';
import { guardedFetch } from './guarded-fetch.ts';
import { OAuthAdapter } from './oauth-adapter.ts';
import { renderOAuthError } from './oauth-error-page.ts';
import { nestedScope } from './oauth-scopes.ts';
import type { OAuthServices } from './oauth-services.ts';
import { isAppSchemeUri, redirectUriProblem } from './redirect-uris.ts';

// Every route oidc-provider knows must have a path; the ones of features left off are never served.
export const OAUTH_PATHS = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/logout',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspect',
  pushed_authorization_request: '/oauth/par',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const;

/** The cookie of the provider's own sign-in session (its value is the session's id). */
export const OAUTH_SESSION_COOKIE = 'adops_oauth_session';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
/** Short-lived, as OAuth 2.1 asks: a leaked token is good for minutes; clients refresh. */
const ACCESS_TOKEN_SECONDS = 15 * MINUTE;
const REFRESH_TOKEN_SECONDS = 30 * DAY;

/** PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The signing key, derived from the token cipher's key: every instance sharing the key ring signs alike. */
function signingKey(services: OAuthServices) {
  const seed = services.cipher.deriveSecret('oauth-signing-key');
  const key = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { ...key.export({ format: 'jwk' }), kid: 'adops-1', use: 'sig', alg: 'EdDSA' };
}

function configuration(services: OAuthServices): Configuration {
  const resource = resourceOf(services.config);
  return {
    adapter: (model: string) => new OAuthAdapter(model, services),
    clients: [],
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    // The API's scopes among the provider's own: clients register them (the MCP SDK asks for every scope
    // the resource metadata names), and the discovery document lists them.
    scopes: ['openid', 'offline_access', ...SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    routes: OAUTH_PATHS,
    jwks: { keys: [signingKey(services)] },
    cookies: {
      keys: [services.cipher.deriveSecret('oauth-cookies').toString('base64url')],
      names: {
        session: OAUTH_SESSION_COOKIE,
        interaction: 'adops_oauth_interaction',
        resume: 'adops_oauth_resume',
      },
    },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'EdDSA',
    },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    // RFC 7591's software statement fields, kept as sent. Their validator is the provider's one hook into
    // every client it accepts (registered, made in the console, read back from storage), called once per
    // field: with the first, the whole client is checked. A desktop client (Cursor, VS Code) registering
    // a redirect URI of its own scheme (cursor://...) without saying `application_type: native` is taken
    // as the native app it is, rather than refused as a web one.
    extraClientMetadata: {
      properties: ['software_id', 'software_version'],
      validator: (_ctx, key, value, metadata) => {
        if (value !== undefined && typeof value !== 'string') {
          throw new errors.InvalidClientMetadata(`${key} must be a string`);
        }
        if (key !== 'software_id') return;
        // Checked before the provider's own checks: what is not an array of strings, they refuse.
        const listed: unknown = metadata.redirect_uris;
        const redirectUris = Array.isArray(listed)
          ? listed.filter((uri): uri is string => typeof uri === 'string')
          : [];
        for (const uri of redirectUris) {
          const problem = redirectUriProblem(uri);
          // A description starting with `redirect_uris` makes it an `invalid_redirect_uri` error.
          if (problem) throw new errors.InvalidClientMetadata(problem);
        }
        if (redirectUris.some(isAppSchemeUri)) metadata.application_type = 'native';
      },
    },
    features: {
      devInteractions: { enabled: false },
      // A DPoP-bound token would need the API to check proofs; the API takes bearer tokens only.
      dPoP: { enabled: false },
      userinfo: { enabled: false },
      // Authorization requests come as a URL (what MCP clients and ChatGPT send), where scopes are nested.
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      // A client revokes its own tokens only; another's are left alone (and RFC 7009 answers 200 alike).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      registration: { enabled: true },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async () => true,
        allowClient: async () => true,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          const audience = ownResource(services.config, indicator);
          if (!audience) {
            throw new errors.InvalidTarget(
              `this server issues tokens for ${resource} and what is under it only`,
            );
          }
          return {
            scope: SCOPES.join(' '),
            audience,
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    // Public clients (no secret) must use PKCE; a confidential client's secret already binds the code to
    // it, and ChatGPT Actions, which hold a secret, send no code challenge. A challenge sent is checked.
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: MINUTE,
      RefreshToken: REFRESH_TOKEN_SECONDS,
      Interaction: 30 * MINUTE,
      Session: DAY,
      Grant: REFRESH_TOKEN_SECONDS,
      IdToken: ACCESS_TOKEN_SECONDS,
    },
    // A token lives until it expires or its grant is revoked, whatever happens to the sign-in session.
    expiresWithSession: async () => false,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    interactions: { url: async (_ctx, interaction) => `${CONSENT_PATH_PREFIX}${interaction.uid}` },
    renderError: renderOAuthError,
    // A browser-based public client may call the token endpoint from the origin of its redirect URIs.
    clientBasedCORS: (_ctx, origin, client) =>
      origin !== 'null' &&
      client.clientAuthMethod === 'none' &&
      (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    fetch: guardedFetch(services),
  };
}

function createProvider(issuer: string, services: OAuthServices): Provider {
  const provider = new Provider(issuer, configuration(services));
  // Its URLs are built from the request's host and scheme; they must be the issuer's, whatever name or
  // proxy the request came through (oauth-routes.ts sets the forwarded fields from the issuer).
  provider.proxy = true;
  provider.use(async (ctx, next) => {
    if (ctx.path === OAUTH_PATHS.authorization && typeof ctx.query.scope === 'string') {
      ctx.query = { ...ctx.query, scope: nestedScope(ctx.query.scope) };
    }
    await next();
    // A database out of reach is no bug: 503 and a retry, as the API answers it; nothing was issued.
    if (ctx.state.storageFault === true && ctx.status === 500) {
      ctx.status = 503;
      ctx.set('Retry-After', '1');
      if (ctx.type === 'application/json') {
        ctx.body = {
          error: 'temporarily_unavailable',
          error_description:
            'The database could not be reached and nothing was issued. Retry after 1 second.',
        };
      }
    }
  });
  // oidc-provider answers its own failures (server_error) and logs nothing: the service's log has them.
  provider.on('server_error', (ctx, error: Error) => {
    if (isStorageFault(error)) {
      ctx.state.storageFault = true;
      services.metrics.storageFault();
      services.logger.warn({ err: error, path: ctx.path }, 'the database failed an OAuth request');
      return;
    }
    services.logger.error({ err: error, path: ctx.path }, 'the OAuth authorization server failed a request');
  });
  return provider;
}

/**
 * The authorization server, built on first use with the URLs the service has then: tests learn their
 * port only once listening, and set `appUrl` after the services were made.
 */
export class OAuthServer implements AuthorizationServer {
  readonly #services: OAuthServices;
  #provider: Provider | undefined;
  #issuer: string | undefined;

  constructor(services: OAuthServices) {
    this.#services = services;
  }

  provider(): Provider {
    const issuer = this.#services.config.appUrl;
    if (!this.#provider || this.#issuer !== issuer) {
      this.#provider = createProvider(issuer, this.#services);
      this.#issuer = issuer;
    }
    return this.#provider;
  }

  async forgetSignIn(cookieHeader: string | undefined): Promise<void> {
    const sessionId = parseCookies(cookieHeader).get(OAUTH_SESSION_COOKIE);
    if (sessionId) await new OAuthAdapter('Session', this.#services).destroy(sessionId);
  }

  async storeOwnedClient(clientId: string, metadata: ClientMetadata): Promise<void> {
    await new OAuthAdapter('Client', this.#services).storeOwnedClient(clientId, metadata);
  }

  async deleteClient(clientId: string): Promise<void> {
    await new OAuthAdapter('Client', this.#services).destroy(clientId);
  }
}
