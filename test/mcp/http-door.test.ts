import { request as httpRequest } from 'node:http';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { RawConnection, requestHead } from '../support/raw-http.ts';
import { TestService } from '../support/service.ts';
import { connectOverHttp } from './clients.ts';

const LIMIT = {
  ADOPS_RATE_LIMIT_PER_SECOND: '1',
  ADOPS_RATE_LIMIT_BURST: '3',
  ADOPS_ALLOWED_ORIGINS: 'https://inspector.example.com',
};

function usageCall(id: number) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_usage_status', arguments: {} } };
}

/** POST /mcp as a client would, without the SDK: for what happens before any MCP message is read. */
async function postMcp(service: TestService, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${service.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const messages = response.headers.get('content-type')?.startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice('data: '.length)))
    : [];
  return { status: response.status, headers: response.headers, text, messages };
}

/** POST /mcp with a Host header of our choosing, which fetch does not allow. */
function postWithHost(
  service: TestService,
  host: string,
  key: string,
): Promise<{ status: number; text: string }> {
  const url = new URL('/mcp', service.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(usageCall(1)));
  });
}

describe.each(TEST_DIALECTS)('the MCP door on %s', (dialect) => {
  let service: TestService;
  let limited: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    limited = await TestService.start(dialect, { env: LIMIT, database: service.database });
  });
  afterAll(async () => {
    await limited.stop();
    await service.stop();
  });

  it('answers a missing or bad key with 401 and the REST envelope before reading any message', async () => {
    const owner = await service.createOwner();
    const badKey = `${owner.key.slice(0, -1)}${owner.key.endsWith('A') ? 'B' : 'A'}`;
    for (const authorization of [undefined, `Bearer ${badKey}`, 'Basic abc']) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const mcp = await postMcp(service, usageCall(1), headers);
      const rest = await service.call('get_usage_status', {}, { headers });
      expect(mcp.status).toBe(401);
      const body = JSON.parse(mcp.text);
      expect(body).toMatchObject({ success: false, code: 'unauthenticated', error: rest.body.error });
      expect(mcp.headers.get('x-request-id')).toBe(body.request_id);
    }
    const connecting = connectOverHttp(service.url, badKey);
    await expect(connecting).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(connecting).rejects.toMatchObject({ code: 401 });
  });

  it('answers with the request id of the HTTP request, in the header and in the result', async () => {
    const owner = await service.createOwner();
    const answer = await postMcp(service, usageCall(7), { authorization: `Bearer ${owner.key}` });
    expect(answer.status).toBe(200);
    const [message] = answer.messages;
    expect(message).toMatchObject({ jsonrpc: '2.0', id: 7 });
    expect(message.result._meta['adops/request-id']).toBe(answer.headers.get('x-request-id'));
  });

  it('refuses pages on other origins and foreign Host names, and lets the console through', async () => {
    const owner = await service.createOwner();
    const authorization = `Bearer ${owner.key}`;
    const foreign = await postMcp(service, usageCall(1), { authorization, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text)).toMatchObject({ code: 'origin_not_allowed' });
    const console = new URL(service.services.config.appUrl).origin;
    expect((await postMcp(service, usageCall(1), { authorization, origin: console })).status).toBe(200);
    const rebound = await postWithHost(service, 'evil.example', owner.key);
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text)).toMatchObject({ code: 'origin_not_allowed' });
    expect((await postWithHost(service, `localhost:${new URL(service.url).port}`, owner.key)).status).toBe(
      200,
    );
    // A loopback-bound service: any local page (an MCP inspector on its own port) is the operator's.
    for (const local of ['http://localhost:6274', 'http://127.0.0.1:9999', 'http://[::1]:3000']) {
      expect((await postMcp(service, usageCall(1), { authorization, origin: local })).status, local).toBe(
        200,
      );
    }
    // Other origins only when the operator lists them.
    const listed = await limited.createOwner();
    const inspector = { authorization: `Bearer ${listed.key}`, origin: 'https://inspector.example.com' };
    expect((await postMcp(limited, usageCall(1), inspector)).status).toBe(200);
    expect((await postMcp(service, usageCall(1), { ...inspector, authorization })).status).toBe(403);
  });

  it('refuses a body nested deeper than 64 levels with the 400 envelope, before the SDK reads it', async () => {
    const owner = await service.createOwner();
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const response = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_usage_status","arguments":{"x":${deep}}}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      code: 'invalid_body',
      error:
        'The body nests arrays and objects more than 64 levels deep, which no request needs. Send a flatter body.',
    });
  });

  it('answers a client that takes only JSON with one JSON body, and one that lists the stream with SSE', async () => {
    const owner = await service.createOwner();
    const authorization = `Bearer ${owner.key}`;
    const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
    for (const accept of ['application/json', '*/*', undefined, 'application/json, text/event-stream;q=0']) {
      const response = await fetch(`${service.url}/mcp`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', ...(accept && { accept }) },
        body: JSON.stringify(list),
      });
      expect(response.status, String(accept)).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const answer = (await response.json()) as { result: { tools: unknown[] } };
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: 3 });
      expect(answer.result.tools.length).toBeGreaterThan(0);
    }
    // A batch answered as JSON is an array of the answers; a tool call's result is the one SSE carries.
    const batch = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify([usageCall(1), usageCall(2)]),
    });
    const answers = (await batch.json()) as Array<{ id: number; result: { structuredContent: unknown } }>;
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2]);
    // JSON that is no JSON-RPC message is the protocol's refusal, in the protocol's shape, as documented.
    const notJsonRpc = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: '{"hello": "world"}',
    });
    expect(notJsonRpc.status).toBe(400);
    expect(await notJsonRpc.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Bad Request: the request body is not a valid JSON-RPC message' },
      id: null,
    });
    const streamed = await postMcp(service, usageCall(4), { authorization, accept: 'text/event-stream' });
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(streamed.messages[0].result.structuredContent).toEqual(
      answers.find((answer) => answer.id === 1)?.result.structuredContent,
    );
  });

  it('honours Connection: close, with an SSE answer or a JSON one, and keeps the connection otherwise', async () => {
    const owner = await service.createOwner();
    const body = JSON.stringify(usageCall(1));
    const head = (accept: string, connection?: string) =>
      requestHead('POST', '/mcp', {
        Authorization: `Bearer ${owner.key}`,
        'Content-Type': 'application/json',
        Accept: accept,
        ...(connection && { Connection: connection }),
        'Content-Length': String(body.length),
      });
    for (const accept of ['application/json, text/event-stream', 'application/json']) {
      const connection = await RawConnection.open(service.url);
      try {
        connection.write(`${head(accept, 'close')}\r\n${body}`);
        const answer = await connection.response();
        expect(answer.status, accept).toBe(200);
        expect(answer.headers.connection, accept).toBe('close');
        const closed = await Promise.race([
          connection.closed.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
        ]);
        expect(closed, accept).toBe(true);
      } finally {
        connection.destroy();
      }
    }
    // Without it, a second request goes over the same connection.
    const connection = await RawConnection.open(service.url);
    try {
      connection.write(`${head('application/json')}\r\n${body}`);
      expect((await connection.response()).headers.connection).toBe('keep-alive');
      connection.write(`${head('application/json')}\r\n${body}`);
      expect((await connection.response()).status).toBe(200);
    } finally {
      connection.destroy();
    }
  });

  it('answers GET and DELETE with 405: the endpoint keeps no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${service.url}/mcp`, {
        method,
        headers: { accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toMatchObject({ success: false, code: 'method_not_allowed' });
    }
  });

  it("takes a token of the key's rate limit per tool call, and per call of a batch", async () => {
    const owner = await limited.createOwner();
    const authorization = `Bearer ${owner.key}`;
    // What a client sends around its calls takes no token: ten of each with a burst of three.
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    for (let i = 0; i < 10; i++) {
      for (const message of [
        initialize,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ]) {
        const answer = await postMcp(limited, message, { authorization });
        expect(answer.status, message.method).toBeLessThan(400);
      }
    }
    const batch = await postMcp(limited, [1, 2, 3, 4].map(usageCall), { authorization });
    expect(batch.status).toBe(200);
    const results = [...batch.messages].sort((a, b) => a.id - b.id).map((message) => message.result);
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false, false, true]);
    expect(results[3]._meta['adops/code']).toBe('rate_limited');
    const refused = await postMcp(limited, usageCall(5), { authorization });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ success: false, code: 'rate_limited' });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('ratelimit-policy')).toBe('"per-key";q=3;w=3');
  });
});
