import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type CallToolResult, ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { MAX_JSON_DEPTH, valueTooDeep } from '../json-depth.ts';
import { META } from './meta.ts';
import { progressRelay } from './progress.ts';
import { serveToolCalls } from './tool-calls.ts';

/** As long as the service lets a request run (src/app/build-app.ts); progress restarts the clock. */
const CALL_TIMEOUT_MS = 120_000;

/** The service's MCP endpoint: the URL as given when it names `/mcp`, else `/mcp` under it. */
export function mcpEndpoint(remote: string): URL {
  const url = new URL(remote);
  if (!url.pathname.endsWith('/mcp')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/mcp`;
  return url;
}

export interface Refusal {
  message: string;
  code: string;
  status: number | undefined;
  requestId: unknown;
}

/** The service turned the HTTP request away before MCP (bad or revoked key, rate limit), with its envelope. */
class RefusedRequest extends Error {
  readonly refusal: Refusal;

  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/**
 * fetch, reading the service's error envelope when it refused the request: the SDK's client keeps only
 * the status of a 401, and the service's message says what to fix.
 */
async function fetchReadingRefusals(url: string | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (response.ok || !response.headers.get('content-type')?.startsWith('application/json')) return response;
  const text = await response.text();
  const refusal = envelopeRefusal(text, response.status);
  if (refusal) throw new RefusedRequest(refusal);
  return new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function envelopeRefusal(text: string, status: number): Refusal | undefined {
  let envelope: { error?: unknown; code?: unknown; request_id?: unknown };
  try {
    envelope = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof envelope.error !== 'string' || typeof envelope.code !== 'string') return undefined;
  return { message: envelope.error, code: envelope.code, status, requestId: envelope.request_id };
}

/** A client of a running service's /mcp, authenticated with the key; the service's 401 fails the connect. */
export async function connectRemote(endpoint: URL, apiKey: string): Promise<Client> {
  const client = new Client({ name: 'adops-mcp-proxy', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
    fetch: fetchReadingRefusals,
  });
  await client.connect(transport);
  return client;
}

/**
 * A stdio server that forwards the tools, resources, prompts and completions of a running service, so a
 * desktop client gets exactly the service's tools and rules: nothing is validated or decided here. Progress
 * of a forwarded call is relayed under the local client's own token. It speaks 2025-11-25 to the service,
 * so a change that waits for the owner answers the approval object (get_approval), never a task.
 */
export function createProxyServer(remote: Client): Server {
  const info = remote.getServerVersion();
  const instructions = remote.getInstructions();
  const server = new Server(
    { name: info?.name ?? 'adops', version: info?.version ?? '1.0.0' },
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      ...(instructions && { instructions }),
    },
  );
  server.setRequestHandler('tools/list', (request) => remote.listTools(request.params));
  server.setRequestHandler('resources/list', (request) => remote.listResources(request.params));
  server.setRequestHandler('resources/templates/list', (request) =>
    remote.listResourceTemplates(request.params),
  );
  server.setRequestHandler('resources/read', (request) => remote.readResource(request.params));
  server.setRequestHandler('prompts/list', (request) => remote.listPrompts(request.params));
  server.setRequestHandler('prompts/get', (request) => remote.getPrompt(request.params));
  server.setRequestHandler('completion/complete', (request) => remote.complete(request.params));
  serveToolCalls(server, async ({ _meta, ...params }, extra) => {
    // Serializing the call to forward it recurses: arguments thousands of levels deep would overflow it.
    if (valueTooDeep(params.arguments)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `arguments nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep, which no tool takes. ` +
          'Send flatter arguments.',
      );
    }
    const { progressToken: _localToken, ...meta } = _meta ?? {};
    const progress = progressRelay(extra);
    try {
      const result = await remote.request(
        { method: 'tools/call', params: { ...params, ...(Object.keys(meta).length > 0 && { _meta: meta }) } },
        {
          signal: extra.mcpReq.signal,
          timeout: CALL_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
          ...(progress && { onprogress: progress.send }),
        },
      );
      await progress?.drained();
      return result as CallToolResult;
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) return refusalResult(refused);
      throw error;
    }
  });
  return server;
}

/** The service's refusal of the HTTP request, where `error` (or what caused it) is one. */
export function refusalOf(error: unknown): Refusal | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RefusedRequest) return cause.refusal;
  }
  return undefined;
}

function refusalResult(refusal: Refusal): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: refusal.message }],
    _meta: { [META.code]: refusal.code, [META.status]: refusal.status, [META.requestId]: refusal.requestId },
  };
}
