import type { Services } from '../context.ts';
import { TokenCipherError } from '../crypto/token-cipher.ts';
import { AppError } from '../errors.ts';
import {
  type ConnectionTokens,
  findConnection,
  readConnectionTokens,
  saveConnectionTokens,
  setConnectionStatus,
} from '../storage/connections.ts';
import type { AdAccount, Connection } from '../storage/schema.ts';
import type { ToolContext } from '../tools/tool.ts';
import { type Endpoints, endpointsFor } from './endpoints.ts';
import type { Platform } from './families.ts';
import type { PlatformProtocol } from './protocol.ts';
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
  readonly #services: Services;
  readonly #protocol: PlatformProtocol;
  readonly #trace: ToolContext['trace'];
  #connection: Connection;
  #tokens: ConnectionTokens;

  private constructor(
    services: Services,
    protocol: PlatformProtocol,
    account: AdAccount,
    connection: Connection,
    tokens: ConnectionTokens,
    trace: ToolContext['trace'],
  ) {
    this.#services = services;
    this.#protocol = protocol;
    this.platform = account.platform as Platform;
    this.account = account;
    this.#connection = connection;
    this.#tokens = tokens;
    this.#trace = trace;
    this.endpoints = endpointsFor(services, this.platform, connection.mode);
  }

  static async open(context: ToolContext, protocol: PlatformProtocol): Promise<PlatformSession> {
    const { services, account } = context;
    if (!account) throw new Error('a platform session needs the resolved account');
    const connection = await findConnection(services.storage.db, account.connection_id);
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
      if (error instanceof UpstreamFailure) {
        if (error.requestId) this.#trace.upstreamRequestIds.push(error.requestId);
        throw toAppError(error, this.#services.config, !request.idempotent);
      }
      throw error;
    }
  }

  /** Notes the platform's request id of a successful answer in the audit row. */
  noteRequestId(requestId: string | undefined): void {
    if (requestId) this.#trace.upstreamRequestIds.push(requestId);
  }

  async #sendWithToken(request: UpstreamRequest): Promise<UpstreamResponse> {
    const now = this.#services.clock.now().getTime();
    if (this.#tokens.expiresAt && this.#tokens.expiresAt.getTime() - now < REFRESH_MARGIN_MS)
      await this.#refresh();
    try {
      return await this.#attempt(request);
    } catch (error) {
      if (!(error instanceof UpstreamFailure) || error.kind !== 'auth') throw error;
      if (await this.#refresh()) {
        try {
          return await this.#attempt(request);
        } catch (retryError) {
          if (!(retryError instanceof UpstreamFailure) || retryError.kind !== 'auth') throw retryError;
        }
      }
      await setConnectionStatus(
        this.#services.storage.db,
        this.#connection.id,
        'expired',
        this.#services.clock.now(),
      );
      throw error;
    }
  }

  #attempt(request: UpstreamRequest): Promise<UpstreamResponse> {
    const { platforms } = this.#services.config;
    return callUpstream(
      {
        ...request,
        headers: { ...this.#protocol.headers(this.#tokens.accessToken, this.endpoints), ...request.headers },
      },
      {
        platform: this.platform,
        timeoutMs: platforms.timeoutMs,
        retries: platforms.retries,
        classify: this.#protocol.classify,
        throttleKey: `${this.platform}:${this.account.account_id}`,
      },
    );
  }

  /** Returns whether a new token was obtained and stored. */
  async #refresh(): Promise<boolean> {
    const refreshToken = this.#tokens.refreshToken;
    if (!this.#protocol.refresh || !refreshToken) return false;
    try {
      const grant = await this.#protocol.refresh(this.endpoints, refreshToken);
      this.#tokens = { ...grant, refreshToken: grant.refreshToken ?? refreshToken };
      await saveConnectionTokens(
        this.#services.storage.db,
        this.#services.cipher,
        this.#connection.id,
        this.#tokens,
        this.#services.clock.now(),
      );
      return true;
    } catch (error) {
      if (error instanceof UpstreamFailure) return false;
      throw error;
    }
  }
}
