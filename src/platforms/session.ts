import { TokenCipherError } from '../crypto/token-cipher.ts';
import { AppError } from '../errors.ts';
import type { Platform } from '../platform-families.ts';
import {
  type ConnectionTokens,
  expireConnection,
  findConnection,
  readConnectionTokens,
  saveConnectionTokens,
} from '../storage/connections.ts';
import type { AdAccount, Connection } from '../storage/schema.ts';
import type { CallTrace, PlatformCallContext } from './call-context.ts';
import { type Endpoints, endpointsFor } from './endpoints.ts';
import type { PlatformServices } from './platform-services.ts';
import { grantExpiry, type PlatformProtocol, type TokenGrant } from './protocol.ts';
import type { ThrottleKeys } from './throttles.ts';
import { callUpstream, type UpstreamRequest, type UpstreamResponse } from './upstream.ts';
import { toAppError } from './upstream-errors.ts';
import { UpstreamFailure } from './upstream-failure.ts';

/** Refresh a little before expiry, so a call never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * One tool call's link to one account's platform: the endpoints (live or sandbox), the connection's
 * tokens (refreshed before expiry, or once after the platform refuses them), and every failure mapped
 * to the service's error in one place.
 */
export class PlatformSession {
  readonly platform: Platform;
  readonly account: AdAccount;
  readonly endpoints: Endpoints;
  readonly #services: PlatformServices;
  readonly #protocol: PlatformProtocol;
  readonly #trace: CallTrace;
  #connection: Connection;
  #tokens: ConnectionTokens;

  private constructor(
    services: PlatformServices,
    protocol: PlatformProtocol,
    account: AdAccount,
    connection: Connection,
    tokens: ConnectionTokens,
    trace: CallTrace,
  ) {
    this.#services = services;
    this.#protocol = protocol;
    this.platform = account.platform as Platform;
    this.account = account;
    this.#connection = connection;
    this.#tokens = tokens;
    this.#trace = trace;
    const endpoints = endpointsFor(services, this.platform, connection.mode);
    // An account reached through a manager names it on every call; the operator's setting is the default.
    this.endpoints = account.login_customer_id
      ? { ...endpoints, loginCustomerId: account.login_customer_id }
      : endpoints;
  }

  static async open(context: PlatformCallContext, protocol: PlatformProtocol): Promise<PlatformSession> {
    const { services, account } = context;
    if (!account) throw new Error('a platform session needs the resolved account');
    const connection = await findConnection(services.storage.db, account.connection_id);
    if (connection?.mode === 'sandbox' && !services.config.platforms.sandboxEnabled) {
      throw new AppError(
        'connection_expired',
        `Account ${account.account_id} is a sandbox account, and the sandbox is turned off on this service ` +
          `(ADOPS_SANDBOX=off): no tool can reach it. Connect the live platform at ` +
          `${services.config.appUrl}/connections, or ask the operator to turn the sandbox on.`,
      );
    }
    let tokens: ConnectionTokens | undefined;
    try {
      tokens = connection && readConnectionTokens(services.cipher, connection);
    } catch (error) {
      // A key removed from ADOPS_ENCRYPTION_KEYS, or a row edited by hand: only reconnecting helps.
      if (!(error instanceof TokenCipherError)) throw error;
      services.logger.error(
        { err: error, connection_id: connection?.id },
        'stored platform tokens cannot be decrypted',
      );
    }
    if (!connection || !tokens || connection.status !== 'active') {
      throw new AppError(
        'connection_expired',
        `The connection of account ${account.account_id} is ${connection?.status ?? 'missing'}. Reconnect it at ` +
          `${services.config.appUrl}/connections, then call again.`,
      );
    }
    return new PlatformSession(services, protocol, account, connection, tokens, context.trace);
  }

  /**
   * Sends one request with the account's token. Failures arrive as AppError; a request that is not
   * idempotent and fails without a clear answer is flagged as possibly acted upon.
   */
  async send(request: UpstreamRequest): Promise<UpstreamResponse> {
    try {
      return await this.#sendWithToken(request);
    } catch (error) {
      throw this.#mapped(error, request);
    }
  }

  /**
   * A read of one object by its id: undefined when the platform says there is no such object (or none
   * the token may see), so the tool can say which account it looked in; other failures as `send`.
   */
  async sendOrMissing(request: UpstreamRequest): Promise<UpstreamResponse | undefined> {
    try {
      return await this.#sendWithToken(request);
    } catch (error) {
      if (error instanceof UpstreamFailure && error.kind === 'not_found') {
        this.noteRequestId(error.requestId);
        return undefined;
      }
      throw this.#mapped(error, request);
    }
  }

  /** A platform's failure as the service's error, its request id kept for the audit row. */
  #mapped(error: unknown, request: UpstreamRequest): unknown {
    if (!(error instanceof UpstreamFailure)) return error;
    this.noteRequestId(error.requestId);
    return toAppError(error, this.#services.config, !request.idempotent);
  }

  /** Notes the platform's request id of an answer in the audit row. */
  noteRequestId(requestId: string | undefined): void {
    if (requestId) this.#trace.upstreamRequestIds.push(requestId);
  }

  async #sendWithToken(request: UpstreamRequest): Promise<UpstreamResponse> {
    const now = this.#services.clock.now().getTime();
    const expiresAt = this.#tokens.expiresAt?.getTime();
    if (expiresAt !== undefined && expiresAt - now < REFRESH_MARGIN_MS) {
      const refreshed = await this.#refresh({ stillValid: expiresAt > now });
      if (refreshed.outcome === 'refused') await this.#expire(refreshed.failure);
    }
    try {
      return await this.#attempt(request);
    } catch (error) {
      if (!(error instanceof UpstreamFailure) || error.kind !== 'auth') throw error;
      let refreshed: RefreshResult;
      try {
        refreshed = await this.#refresh({ stillValid: false });
      } catch (refreshError) {
        // The refused call's request id belongs in the audit row as much as the refresh's failure.
        this.noteRequestId(error.requestId);
        throw refreshError;
      }
      if (refreshed.outcome === 'refreshed') {
        try {
          return await this.#attempt(request);
        } catch (retryError) {
          if (!(retryError instanceof UpstreamFailure) || retryError.kind !== 'auth') throw retryError;
        }
      }
      return this.#expire(error);
    }
  }

  #attempt(request: UpstreamRequest): Promise<UpstreamResponse> {
    const { platforms } = this.#services.config;
    const { accessToken } = this.#tokens;
    return callUpstream(
      {
        ...request,
        url: this.#protocol.signUrl?.(request.url, accessToken, this.endpoints) ?? request.url,
        headers: { ...this.#protocol.headers(accessToken, this.endpoints), ...request.headers },
      },
      {
        platform: this.platform,
        timeoutMs: platforms.timeoutMs,
        retries: platforms.retries,
        classify: this.#protocol.classify,
        throttleKeys: this.#throttleKeys(),
        ...this.endpoints.link,
      },
    );
  }

  /**
   * The scopes a platform may throttle this call in. The sandbox's app is each owner's own, so one
   * owner's sandbox throttle never holds back another owner.
   */
  #throttleKeys(): ThrottleKeys {
    const { mode } = this.#connection;
    const base = `${this.platform}:${mode}`;
    return {
      account: `${base}:account:${this.account.account_id}`,
      user: `${base}:connection:${this.#connection.id}`,
      app: mode === 'sandbox' ? `${base}:app:${this.#connection.user_id}` : `${base}:app`,
    };
  }

  /**
   * Gets a new access token and stores it. Only the platform's own refusal of the grant (`refused`)
   * means the connection is over; a token endpoint that is down, slow or throttling says nothing about
   * the connection, so that failure is answered as the upstream error it is (retry later), unless the
   * current token still works for a while (`stillValid`), in which case the call goes on with it.
   */
  async #refresh(options: { stillValid: boolean }): Promise<RefreshResult> {
    const refreshToken = this.#tokens.refreshToken;
    if (!this.#protocol.refresh || !refreshToken) return { outcome: 'unavailable' };
    const { timeoutMs, retries } = this.#services.config.platforms;
    let grant: TokenGrant;
    try {
      grant = await this.#protocol.refresh(this.endpoints, refreshToken, { timeoutMs, retries });
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      if (error.kind === 'auth') return { outcome: 'refused', failure: error };
      if (options.stillValid) return { outcome: 'unavailable' };
      // Thrown as the service's error here: send() would count the failed call as possibly acted upon.
      throw toAppError(renewalFailure(error), this.#services.config, false);
    }
    const now = this.#services.clock.now();
    this.#tokens = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken ?? refreshToken,
      expiresAt: grantExpiry(grant, now),
    };
    await saveConnectionTokens(
      this.#services.storage.db,
      this.#services.cipher,
      this.#connection.id,
      this.#tokens,
      now,
    );
    return { outcome: 'refreshed' };
  }

  /**
   * The platform refused the connection's tokens for good: marked expired, the owner must reconnect, and
   * is told (once, by the call that marked it).
   */
  async #expire(failure: UpstreamFailure): Promise<never> {
    const services = this.#services;
    const now = services.clock.now();
    if (await expireConnection(services.storage.db, this.#connection.id, now)) {
      const expired = { ...this.#connection, status: 'expired', updated_at: now.toISOString() };
      await services.onConnectionFailing(expired, failure.message, now);
    }
    throw failure;
  }
}

type RefreshResult =
  | { outcome: 'refreshed' }
  /** No refresh token, or the token endpoint failed while the current token still works. */
  | { outcome: 'unavailable' }
  | { outcome: 'refused'; failure: UpstreamFailure };

/** The token endpoint's failure, worded so the caller knows which step of the call failed. */
function renewalFailure(failure: UpstreamFailure): UpstreamFailure {
  return new UpstreamFailure({
    platform: failure.platform,
    kind: failure.kind,
    message: `the access token could not be renewed: ${failure.message}`,
    status: failure.status,
    retryAfterSeconds: failure.retryAfterSeconds,
    requestId: failure.requestId,
    method: failure.method,
    path: failure.path,
  });
}
