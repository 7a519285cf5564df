// The MCP floor: a bare Fastify app whose POST /mcp serves the MCP SDK's stateless Streamable HTTP
// server as the SDK documents it (a new McpServer and transport per request, no session id), with one
// tool answering a fixed result shaped like adops's get_usage_status. No auth, storage or logging.
// `node bench/bare-mcp-server.ts [web|node]`: the transport, web (WebStandardStreamableHTTPServerTransport
// fed a web Request, the class adops's door uses) or node (StreamableHTTPServerTransport on Node's
// request and response, as the SDK's stateless example). Both cost the same CPU a request within the
// noise of the shared machine (about 200 µs); web is the default, so the floor differs from the door
// only in what the door adds.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import Fastify from 'fastify';

const quota = { used: 0, limit: 15, tier: 'free', period_end: '2026-12-01' };
const result: CallToolResult = {
  content: [{ type: 'text', text: '0 of 15 tool calls used this month on the free tier (15 left).' }],
  structuredContent: { quota },
  _meta: { 'adops/request-id': 'req_00000000000000000000', 'adops/quota': quota },
};

// The SDK builds an Ajv instance per server unless given one; made per request it would dominate the
// floor, and its documented option shares one, as adops does.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

function createServer(): McpServer {
  const server = new McpServer({ name: 'bare', version: '1.0.0' }, { jsonSchemaValidator });
  server.registerTool('get_usage_status', { description: 'The fixed usage answer.' }, async () => result);
  return server;
}

const transportKind = process.argv[2] ?? 'web';
const app = Fastify();

if (transportKind === 'node') {
  app.post('/mcp', async (request, reply) => {
    reply.hijack();
    const server = createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
} else {
  app.post('/mcp', async (request, reply) => {
    const server = createServer();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const webRequest = new Request(new URL(request.url, 'http://localhost'), { method: 'POST', headers });
    const answer = await transport.handleRequest(webRequest, { parsedBody: request.body });
    reply.status(answer.status);
    for (const [name, value] of answer.headers) reply.header(name, value);
    return reply.send(answer.body);
  });
}

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(
  JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }),
);
