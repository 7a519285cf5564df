import { Writable } from 'node:stream';
import type pino from 'pino';
import type { Clock } from '../../src/clock.ts';
import { loadConfig, type Tier } from '../../src/config.ts';
import type { Services } from '../../src/context.ts';
import { DEFAULT_LIMITS, type KeyLimits } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { createWorkspace } from '../../src/owners/members.ts';
import type { Platform } from '../../src/platform-families.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { createLogger, createServices } from '../../src/services.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findConnection, readConnectionTokens } from '../../src/storage/connections.ts';
import type { Dialect } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import type { AdAccount } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { assertDocumented } from './openapi-validator.ts';

/** A fixed test key ring, so that every instance of a test shares it. */
export const TEST_ENCRYPTION_KEYS = `test=${Buffer.alloc(32, 7).toString('base64')}`;

export interface TestServiceOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** An existing database to share (a second instance); a fresh one otherwise. */
  database?: TestDatabase;
  /** Fixture tools served beside the real ones, for pipeline rules that need a handler to observe. */
  extraTools?: Tool[];
}

export interface Owner {
  userId: string;
  email: string;
  key: string;
  keyId: string;
}

export interface CallOptions {
  key?: string | undefined;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: Record<string, any>;
}

/**
 * The services over a test database, with no server and no log: for a test that drives storage or a
 * migration directly, or the work of jobs itself (their engine is not started). The caller closes them
 * (closeServices).
 */
export function quietServices(
  database: TestDatabase,
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Services {
  const config = loadConfig({
    ADOPS_DATABASE_URL: database.url,
    ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    ...options.env,
  });
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  return createServices(config, {
    logger: createLogger(config, quiet as unknown as pino.DestinationStream),
    ...(options.clock && { clock: options.clock }),
  });
}

/** A real service on a free loopback port over a database of its own, with helpers to drive it. */
export class TestService {
  readonly services: Services;
  readonly server: RunningServer;
  readonly database: TestDatabase;
  readonly logLines: string[];
  #ownDatabase: boolean;
  #owners = 0;

  private constructor(
    services: Services,
    server: RunningServer,
    database: TestDatabase,
    logs: string[],
    own: boolean,
  ) {
    this.services = services;
    this.server = server;
    this.database = database;
    this.logLines = logs;
    this.#ownDatabase = own;
  }

  static async start(dialect: Dialect, options: TestServiceOptions = {}): Promise<TestService> {
    const database = options.database ?? (await createTestDatabase(dialect));
    const config = loadConfig({
      ADOPS_DATABASE_URL: database.url,
      ADOPS_RATE_LIMIT_PER_SECOND: '0',
      ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
      ADOPS_LOG_LEVEL: 'info',
      ...options.env,
    });
    const logLines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger(config, sink as unknown as pino.DestinationStream);
    const services = createServices(config, {
      logger,
      tools: [...ALL_TOOLS, ...(options.extraTools ?? [])],
      ...(options.clock && { clock: options.clock }),
    });
    await migrateToLatest(services.storage.db);
    const server = await startServer(services, '127.0.0.1', 0);
    return new TestService(services, server, database, logLines, options.database === undefined);
  }

  get url(): string {
    return this.server.url;
  }

  async createOwner(tier: Tier = 'free', platforms: Platform[] = []): Promise<Owner> {
    const { db } = this.services.storage;
    const now = this.services.clock.now();
    const email = `owner${++this.#owners}-${Math.random().toString(36).slice(2)}@example.com`;
    const { workspace: user } = await createWorkspace(db, { email, tier }, now);
    for (const platform of platforms) await addAccount(this.services, user, { platform });
    const key = await issueKey(db, user, 'test', 'never', now);
    return { userId: user.id, email: user.email, key: key.key, keyId: key.id };
  }

  /**
   * Gives an owner with a (USD) social sandbox account a second one in EUR, named "Euro shop"; the ids
   * of both.
   */
  async addEuroSocialAccount(owner: Owner): Promise<{ usd: string; eur: string }> {
    const { db } = this.services.storage;
    const user = await findUserById(db, owner.userId);
    if (!user) throw new Error(`no owner ${owner.email}`);
    await addAccount(this.services, user, { platform: 'social', currency: 'EUR', name: 'Euro shop' });
    const social = await listAdAccounts(db, owner.userId, 'social');
    return {
      usd: social.find((a) => a.currency === 'USD')?.account_id ?? '',
      eur: social.find((a) => a.currency === 'EUR')?.account_id ?? '',
    };
  }

  /** Another key of the owner, with the given limits over the defaults (write, every account, no ceiling). */
  async createKeyFor(owner: Owner, limits: Partial<KeyLimits>): Promise<string> {
    const { db } = this.services.storage;
    const user = await findUserById(db, owner.userId);
    if (!user) throw new Error(`no owner ${owner.email}`);
    const now = this.services.clock.now();
    return (await issueKey(db, user, 'limited', 'never', now, { ...DEFAULT_LIMITS, ...limits })).key;
  }

  /** The platform access token stored (encrypted) on an account's connection, as a platform client sends it. */
  async accessToken(account: AdAccount): Promise<string> {
    const connection = await findConnection(this.services.storage.db, account.connection_id);
    const tokens = connection && readConnectionTokens(this.services.cipher, connection);
    if (!tokens) throw new Error(`the connection of account ${account.account_id} has no tokens`);
    return tokens.accessToken;
  }

  /** The audit row of a request, once the buffered rows are written; throws when there is none. */
  async auditRow(requestId: string) {
    await this.services.audit.flush();
    return this.services.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
  }

  async call(tool: string, args: unknown, options: CallOptions = {}): Promise<CallResult> {
    return this.post(`/api/v1/tools/${tool}/execute`, JSON.stringify({ arguments: args }), {
      'content-type': 'application/json',
      ...(options.key !== undefined && { authorization: `Bearer ${options.key}` }),
      ...options.headers,
    });
  }

  async post(path: string, body: string | undefined, headers: Record<string, string>): Promise<CallResult> {
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers,
      ...(body !== undefined && { body }),
    });
    const result = {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, any>,
    };
    // Every answer must match the OpenAPI document, so a change the document forgets fails CI.
    await assertDocumented(this, 'POST', path, result);
    return result;
  }

  async stop(): Promise<void> {
    await this.server.close();
    if (this.#ownDatabase) await this.database.drop();
  }
}
