import {
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  type McpRequestContext,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { Caller } from '../caller.ts';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { refusedUnlessStop } from '../pipeline/stop-call.ts';
import { admitCaller } from '../ratelimit/admit.ts';
import { headerValue } from '../web/header-value.ts';
import { callInfo } from '../web/request-info.ts';
import type { McpDoor } from './door.ts';
import { eventStreamBody } from './event-stream-body.ts';
import { requestSourceCheck } from './request-source.ts';
import { createMcpServer } from './server.ts';

/**
 * The methods that run a tool (a task is read with get_approval, a resource with the tool behind it), each
 * taking a rate-limit token.
 */
const METERED_METHODS = new Set(['tools/call', 'tasks/get', 'tasks/cancel', 'resources/read']);

/** How many tool-running requests a POST carries, one message or a batch. */
function toolCallCount(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter(
    (message) => typeof message === 'object' && message !== null && METERED_METHODS.has(message.method),
  ).length;
}

/**
 * The door of one HTTP request: its caller was authenticated before any MCP message was read, and
 * admitted when the request carries a tool call. Its first tools/call runs under the request's own id
 * and the token taken at the door; a batch's further calls each get an id and a rate-limit token of
 * their own, so batching cannot get round the limit.
 */
function httpDoor(
  services: Services,
  request: FastifyRequest,
  caller: Caller,
  firstRejection: AppError | undefined,
): McpDoor {
  let ids = 0;
  let admissions = 0;
  return {
    nextRequestId: () => (ids++ === 0 ? request.id : newId('req')),
    admit: async () => {
      if (admissions++ === 0) return firstRejection ? { caller, rejection: firstRejection } : { caller };
      const admission = await admitCaller(services.rateLimiter, caller);
      return admission.rejection ? { caller, rejection: admission.rejection } : { caller };
    },
    lister: async () => caller,
    idempotencyKey: headerValue(request, 'idempotency-key'),
    takesProgress: acceptsEventStream(request.headers.accept),
  };
}

/**
 * The refusal of a rate-limited request that is one tools/call (not a batch), answered over HTTP before the
 * MCP server runs, by the pipeline's rule: none for a call that only stops spend (the pipeline judges it).
 */
function loneCallRefusal(services: Services, body: unknown, rejection: AppError): AppError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const params = (body as { params?: { name?: unknown; arguments?: unknown } }).params;
  if (typeof params?.name !== 'string') return undefined;
  return refusedUnlessStop(services.tools.get(params.name), params.arguments, rejection);
}

/**
 * Whether the client listed `text/event-stream` (with a weight above 0) in `Accept`: then the answer is
 * an SSE stream, where progress notifications can precede the result.
 */
function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return type === 'text/event-stream' && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/**
 * The HTTP request as the SDK's transport reads it. Its `Accept` always lists both types: the SDK refuses
 * any other with a 406 of its own, while this door answers every client, in the form its own `Accept`
 * asks for (the transport's JSON mode for a client that does not take a stream).
 */
function sdkRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers: Record<string, string> = {};
  for (const name in request.headers) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers.accept = 'application/json, text/event-stream';
  return new Request(`http://localhost${request.url}`, { method: 'POST', headers, signal });
}

/**
 * The two protocol eras on one endpoint. A 2026-07-28 request (its `_meta` names the protocol version) is
 * served by the SDK's per-request handler, in one JSON body unless progress goes first; a
 * 2025-era request by the stateless transport as before, so today's clients see no change. Each request's
 * MCP server is made for its door, which the handler's factory finds by the request it was given.
 */
interface McpServing {
  doors: WeakMap<Request, McpDoor>;
  modern: McpHttpHandler;
}

function mcpServing(services: Services): McpServing {
  const doors = new WeakMap<Request, McpDoor>();
  const factory = ({ requestInfo }: McpRequestContext) => {
    const door = requestInfo && doors.get(requestInfo);
    if (!door) throw new Error('an MCP request reached the handler without its door');
    return createMcpServer(services, door, 'modern');
  };
  // One JSON body unless the call sends progress first, which only a client taking a stream is sent.
  return { doors, modern: createMcpHandler(factory, { legacy: 'reject', responseMode: 'auto' }) };
}

async function legacyAnswer(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  door: McpDoor,
  sdk: Request,
): Promise<Response> {
  // Stateless: a server and a transport for this request only.
  const server = createMcpServer(services, door, 'legacy');
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !acceptsEventStream(request.headers.accept),
  });
  // Closing aborts the calls of a client that went away. A response that went out whole carried every
  // result, so nothing is left to abort or end, and closing would only build the SDK's "Connection
  // closed" error, stack trace and all, on every request.
  reply.raw.on('close', () => {
    if (reply.raw.writableFinished) return;
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  return transport.handleRequest(sdk, { parsedBody: request.body });
}

async function serveMcp(
  services: Services,
  serving: McpServing,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  firstRejection?: AppError,
) {
  const door = httpDoor(services, request, caller, firstRejection);
  // The SDK's per-request handler aborts the calls of a request whose signal fires: a client that went away.
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  const sdk = sdkRequest(request, gone.signal);
  let answer: Response;
  if (await isLegacyRequest(sdk, request.body)) {
    answer = await legacyAnswer(services, request, reply, door, sdk);
  } else {
    serving.doors.set(sdk, door);
    answer = await serving.modern.fetch(sdk, { parsedBody: request.body });
  }
  reply.status(answer.status);
  // The answer goes out through Fastify like any other, so the connection is Node's to keep or close (a
  // client's `Connection: close`, a drain); the SDK's own `Connection: keep-alive` would override both.
  for (const [name, value] of answer.headers) {
    if (name !== 'connection') reply.header(name, value);
  }
  if (!answer.body) return reply.send();
  // A JSON answer is whole already, and goes with its length.
  const streamed = answer.headers.get('content-type')?.startsWith('text/event-stream');
  return reply.send(streamed ? await eventStreamBody(answer.body) : await answer.text());
}

/**
 * `POST /mcp`: the MCP door over Streamable HTTP, stateless. The request's source, its API key and the
 * key's rate limit are checked first, with the REST envelope and status; only then does the SDK read
 * the MCP messages. GET (a server-to-client stream) and DELETE (end a session) need sessions: 405.
 */
export function registerMcpRoute(app: FastifyInstance, services: Services): void {
  const checkSource = requestSourceCheck(services.config);
  const serving = mcpServing(services);
  app.post('/mcp', async (request, reply) => {
    const refused = checkSource(request.headers);
    if (refused) throw refused;
    const caller = await authenticate(services, request.headers.authorization);
    callInfo(request).caller = caller;
    // Only tool calls take rate-limit tokens: initialize, tools/list, ping and notifications are free.
    const calls = toolCallCount(request.body);
    let rejection: AppError | undefined;
    if (calls > 0) {
      const admission = await admitCaller(services.rateLimiter, caller);
      reply.headers(admission.headers);
      rejection = admission.rejection;
      const refused = rejection && loneCallRefusal(services, request.body, rejection);
      if (refused) throw refused;
    }
    return serveMcp(services, serving, request, reply, caller, rejection);
  });
  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Allow', 'POST');
    throw new AppError(
      'method_not_allowed',
      `${request.method} /mcp is not served: this MCP endpoint is stateless (no sessions, no server-sent ` +
        'stream of its own). Send each JSON-RPC message with POST /mcp.',
    );
  };
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
}
