import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { saveConnectionTokens } from '../../src/storage/connections.ts';
import type { Owner, TestService } from './service.ts';

/**
 * One answer a real platform gave, as kept in `test/platforms/<platform>/recorded/`: where it came from,
 * the request it answered (`{version}` for the API version in the path) and the answer as recorded.
 */
const recordedAnswerSchema = z.strictObject({
  source: z.url(),
  shows: z.string().min(1),
  edits: z.string().min(1),
  request: z.strictObject({
    method: z.enum(['GET', 'POST', 'DELETE', 'PUT']),
    path: z.string().startsWith('/'),
  }),
  response: z.strictObject({
    status: z.int().min(100).max(599),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  }),
});

export type RecordedAnswer = z.infer<typeof recordedAnswerSchema> & {
  file: string;
  /** Served only to the requests this accepts (two queries to one path, say); to every one otherwise. */
  when?: (request: ReceivedRequest) => boolean;
};

/** Every recorded answer of a platform, by file name without `.json`. */
export function recordedAnswers(platform: string): Map<string, RecordedAnswer> {
  const folder = join(import.meta.dirname, '..', 'platforms', platform, 'recorded');
  const answers = new Map<string, RecordedAnswer>();
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed = recordedAnswerSchema.parse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
    answers.set(file.replace(/\.json$/, ''), { ...parsed, file });
  }
  return answers;
}

/** The sources file of a platform's recorded answers. */
export function recordedSources(platform: string): string {
  return readFileSync(
    join(import.meta.dirname, '..', 'platforms', platform, 'recorded', 'sources.md'),
    'utf8',
  );
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Route {
  method: string;
  path: RegExp;
  when: ((request: ReceivedRequest) => boolean) | undefined;
  answer: RecordedAnswer['response'];
}

/**
 * `/{version}/act_1/campaigns` as a pattern of paths: `{version}` is any one path segment; a query
 * string, kept in a recording to say what was asked, is not matched.
 */
function pathPattern(template: string): RegExp {
  const path = template.split('?')[0] ?? template;
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${path.split('{version}').map(literal).join('[^/]+')}$`);
}

/**
 * A platform on loopback that answers what the real one answered: each request is matched by method and
 * path to a recorded answer served as it was recorded (status, headers, body). A request nothing matches
 * is answered 599 and kept in `unmatched`, so a test sees the adapter asked for something unrecorded.
 */
export class ReplayPlatform {
  readonly received: ReceivedRequest[] = [];
  readonly unmatched: string[] = [];
  readonly #server: Server;
  #routes: Route[] = [];

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<ReplayPlatform> {
    const server = createServer();
    const replay = new ReplayPlatform(server);
    server.on('request', async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? '/', 'http://replay.invalid');
      const method = request.method ?? 'GET';
      const received: ReceivedRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      replay.received.push(received);
      const route = replay.#routes.find(
        (r) => r.method === method && r.path.test(url.pathname) && (r.when?.(received) ?? true),
      );
      if (!route) {
        replay.unmatched.push(`${method} ${url.pathname}`);
        response.writeHead(599, { 'content-type': 'text/plain' });
        response.end('no recorded answer for this request');
        return;
      }
      const body =
        typeof route.answer.body === 'string' ? route.answer.body : JSON.stringify(route.answer.body);
      response.writeHead(route.answer.status, {
        'content-type': 'application/json',
        ...route.answer.headers,
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return replay;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Answers with these recorded answers from now on (the first that matches a request wins). */
  serve(...answers: RecordedAnswer[]): void {
    this.#routes = answers.map((a) => ({
      method: a.request.method,
      path: pathPattern(a.request.path),
      when: a.when,
      answer: a.response,
    }));
    this.received.length = 0;
    this.unmatched.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/**
 * Gives an owner a live account (as if connected through the platform's OAuth) whose calls go to the
 * service's configured API URL: a connection of its own, its token, the account.
 */
export async function addLiveAccount(
  service: TestService,
  owner: Owner,
  fields: { platform: 'search' | 'network' | 'social' | 'video'; accountId: string; currency?: string },
): Promise<void> {
  const { db } = service.services.storage;
  const now = service.services.clock.now();
  // A connection per account, so a test that expires one leaves the others alone.
  const connectionId = `con_live_${fields.platform}_${fields.accountId}_${owner.userId}`;
  await db
    .insertInto('connections')
    .values({
      id: connectionId,
      user_id: owner.userId,
      platform: fields.platform,
      mode: 'live',
      status: 'active',
      token_expires_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      access_token: null,
      refresh_token: null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await saveConnectionTokens(
    db,
    service.services.cipher,
    connectionId,
    { accessToken: 'recorded-answers-token', refreshToken: null, expiresAt: null },
    now,
  );
  await db
    .insertInto('ad_accounts')
    .values({
      id: `acc_live_${fields.platform}_${fields.accountId}_${owner.userId}`,
      user_id: owner.userId,
      connection_id: connectionId,
      platform: fields.platform,
      account_id: fields.accountId,
      name: `Live ${fields.platform} ${fields.accountId}`,
      currency: fields.currency ?? 'USD',
      status: 'active',
      created_at: now.toISOString(),
      time_zone: 'UTC',
    })
    .execute();
}
