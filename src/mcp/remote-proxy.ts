import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_JSON_DEPTH, valueTooDeep } from '../json-depth.ts';
import { META } from './meta.ts';
import { progressRelay } from './progress.ts';
import { ProtocolError } from './protocol-error.ts';
import { serveToolCalls } from './tool-calls.ts';

/** As long as the service lets a request run (src/app/build-app.ts); progress restarts the clock. */
const CALL_TIMEOUT_MS = 120_000;

/** The service's MCP endpoint: the URL as given when it names `/mcp`, else `/mcp` under it. */
export function mcpEndpoint(remote: string): URL {
  const url = new URL(remote);
  if (!url.pathname.endsWith('/mcp')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/mcp`;
  return url;
}

/** A client of a running service's /mcp, authenticated with the key; the service's 401 fails the connect. */
export async function connectRemote(endpoint: URL, apiKey: string): Promise<Client> {
  const client = new Client({ name: 'adops-mcp-proxy', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  return client;
}

/**
 * A stdio server that forwards tools/list and tools/call to a running service, so a desktop client
 * gets exactly the service's tools and rules: nothing is validated or decided here. Progress of a
 * forwarded call is relayed under the local client's own token.
 */
export function createProxyServer(remote: Client): Server {
  const info = remote.getServerVersion();
  const instructions = remote.getInstructions();
  const server = new Server(
    { name: info?.name ?? 'adops', version: info?.version ?? '1.0.0' },
    { capabilities: { tools: {} }, ...(instructions && { instructions }) },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) =>
    remote.listTools(request.params).catch((error) => Promise.reject(unwrapped(error))),
  );
  serveToolCalls(server, async ({ _meta, ...params }, extra) => {
    // Serializing the call to forward it recurses: arguments thousands of levels deep would overflow it.
    if (valueTooDeep(params.arguments)) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `arguments nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep, which no tool takes. ` +
          'Send flatter arguments.',
      );
    }
    const { progressToken: _localToken, ...meta } = _meta ?? {};
    const progress = progressRelay(extra);
    try {
      const result = await remote.request(
        { method: 'tools/call', params: { ...params, ...(Object.keys(meta).length > 0 && { _meta: meta }) } },
        CallToolResultSchema,
        {
          signal: extra.signal,
          timeout: CALL_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
          ...(progress && { onprogress: progress.send }),
        },
      );
      await progress?.drained();
      return result;
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) return refusalResult(refused);
      throw unwrapped(error);
    }
  });
  return server;
}

export interface Refusal {
  message: string;
  code: string;
  status: number | undefined;
  requestId: unknown;
}

/**
 * The service's error envelope when it turned the HTTP request away before MCP (bad or revoked key,
 * rate limit): the SDK hands the response body over inside the error's message.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof StreamableHTTPError)) return undefined;
  const start = error.message.indexOf('{');
  if (start < 0) return undefined;
  let envelope: { error?: unknown; code?: unknown; request_id?: unknown };
  try {
    envelope = JSON.parse(error.message.slice(start));
  } catch {
    return undefined;
  }
  if (typeof envelope.error !== 'string' || typeof envelope.code !== 'string') return undefined;
  return { message: envelope.error, code: envelope.code, status: error.code, requestId: envelope.request_id };
}

function refusalResult(refusal: Refusal): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: refusal.message }],
    _meta: { [META.code]: refusal.code, [META.status]: refusal.status, [META.requestId]: refusal.requestId },
  };
}

/** The remote's protocol error as this server's own, without the client's "MCP error <code>: " prefix. */
function unwrapped(error: unknown): unknown {
  if (!(error instanceof McpError)) return error;
  return new ProtocolError(error.code, error.message.replace(/^MCP error -?\d+: /, ''), error.data);
}
