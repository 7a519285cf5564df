import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawConnection } from '../support/raw-http.ts';
import { type Owner, TestService } from '../support/service.ts';

const JSON_BODY = 'Content-Type: application/json\r\n';

/**
 * Requests refused below the routes (Node's HTTP parser, Fastify's router, Node's Expect handling), sent
 * byte for byte as a broken client or a scanner sends them: each still gets the error envelope.
 */
const CASES: Array<{ name: string; request: string; status: number; code: string; says: RegExp }> = [
  {
    name: 'a Content-Length that is not a number',
    request: `POST /api/v1/tools/get_usage_status/execute HTTP/1.1\r\nHost: a\r\n${JSON_BODY}Content-Length: abc\r\n\r\n`,
    status: 400,
    code: 'invalid_request',
    says: /Content-Length header is not a number/,
  },
  {
    name: 'Content-Length with chunked encoding',
    request: `POST /api/v1/tools/get_usage_status/execute HTTP/1.1\r\nHost: a\r\n${JSON_BODY}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    status: 400,
    code: 'invalid_request',
    says: /send one of them/,
  },
  {
    name: 'a bad chunk size',
    request: `POST /api/v1/tools/get_usage_status/execute HTTP/1.1\r\nHost: a\r\n${JSON_BODY}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    status: 400,
    code: 'invalid_request',
    says: /chunk/,
  },
  {
    name: 'a lower-case method',
    request: 'post /api/v1/tools/get_usage_status/execute HTTP/1.1\r\nHost: a\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /method/,
  },
  {
    name: 'an unknown method',
    request: 'FETCH /api/v1/tools/get_usage_status/execute HTTP/1.1\r\nHost: a\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /HTTP\/1\.1/,
  },
  {
    name: 'a header folded over two lines (obs-fold)',
    request: 'GET /healthz HTTP/1.1\r\nHost: a\r\nX-Note: one\r\n two\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /HTTP\/1\.1/,
  },
  {
    name: 'HTTP/9.9',
    request: 'GET /healthz HTTP/9.9\r\nHost: a\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /version/,
  },
  {
    name: 'a NUL in a header',
    request: 'GET /healthz HTTP/1.1\r\nHost: a\r\nX-Note: a\0b\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /HTTP\/1\.1/,
  },
  {
    name: 'headers over 16 KiB',
    request: `GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`,
    status: 431,
    code: 'headers_too_large',
    says: /16 KiB/,
  },
  {
    name: 'a tool name of 101 characters',
    request: `POST /api/v1/tools/${'a'.repeat(101)}/execute HTTP/1.1\r\nHost: a\r\n${JSON_BODY}Content-Length: 2\r\n\r\n{}`,
    status: 414,
    code: 'uri_too_long',
    says: /at most 100 characters/,
  },
  {
    name: 'a broken percent-encoding',
    request: 'GET /api/v1/tools/%E0%A4%A/execute HTTP/1.1\r\nHost: a\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /percent sign/,
  },
  {
    name: 'an Expect other than 100-continue',
    request: 'GET /healthz HTTP/1.1\r\nHost: a\r\nExpect: bogus\r\n\r\n',
    status: 417,
    code: 'expectation_failed',
    says: /"bogus"/,
  },
  {
    name: 'no Host',
    request: 'GET /healthz HTTP/1.1\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /Host header/,
  },
  {
    name: 'no Host on a console page, whose own errors are HTML pages',
    request: 'GET /login HTTP/1.1\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /Host header/,
  },
  {
    name: "no Host on a sandbox path, whose own errors are in its platform's shape",
    request: 'GET /sandbox/video/open_api/v1.3/oauth2/advertiser/get/ HTTP/1.1\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /Host header/,
  },
  {
    name: 'a request line with no HTTP version (HTTP/0.9) and no Host',
    request: 'GET /api/v1/openapi.json\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /^The request is not valid HTTP\/1\.1: its request line has no HTTP version\./,
  },
  {
    name: 'a request line with no HTTP version, with a Host',
    request: 'POST /mcp\r\nHost: a\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /no HTTP version/,
  },
  {
    name: 'HTTP/2.0 on an HTTP/1.1 connection',
    request: 'GET /healthz HTTP/2.0\r\nHost: a\r\n\r\n',
    status: 400,
    code: 'invalid_request',
    says: /not 1\.0 or 1\.1 \(got 2\.0\)/,
  },
];

describe('answers refused below the routes', () => {
  let service: TestService;
  let owner: Owner;
  beforeAll(async () => {
    service = await TestService.start('sqlite');
    owner = await service.createOwner('pro');
  });
  afterAll(() => service.stop());

  it.each(CASES)('$name: $status $code in the envelope', async ({ request, status, code, says }) => {
    const connection = await RawConnection.open(service.url);
    try {
      connection.write(request);
      const answer = await connection.response();
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).not.toMatch(/FST_|HPE_/);
      const envelope = JSON.parse(answer.body);
      expect(envelope).toMatchObject({ success: false, is_error: true, code });
      expect(envelope.error).toMatch(says);
      expect(envelope.request_id).toMatch(/^req_[0-9a-f]{32}$/);
      expect(answer.headers['x-request-id']).toBe(envelope.request_id);
    } finally {
      connection.destroy();
    }
  });

  it('refuses two Authorization headers, and names the Bearer scheme on a 401', async () => {
    const connection = await RawConnection.open(service.url);
    try {
      const body = '{"arguments":{}}';
      connection.write(
        `POST /api/v1/tools/get_usage_status/execute HTTP/1.1\r\nHost: a\r\n${JSON_BODY}` +
          `Authorization: Bearer ${owner.key}\r\nAuthorization: Bearer sk_live_other\r\n` +
          `Content-Length: ${body.length}\r\n\r\n${body}`,
      );
      const twice = await connection.response();
      expect(twice.status).toBe(400);
      expect(JSON.parse(twice.body)).toMatchObject({ code: 'invalid_request' });
      expect(JSON.parse(twice.body).error).toMatch(/more than one Authorization header/);
    } finally {
      connection.destroy();
    }
    for (const path of ['/api/v1/tools/get_usage_status/execute', '/mcp']) {
      const response = await fetch(`${service.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"arguments":{}}',
      });
      expect(response.status, path).toBe(401);
      // The MCP endpoint is a resource of its own to a client (RFC 9728): its metadata has its path.
      const metadata = `${service.services.config.publicUrl}/.well-known/oauth-protected-resource${path === '/mcp' ? '/mcp' : ''}`;
      expect(response.headers.get('www-authenticate'), path).toBe(
        `Bearer realm="adops", resource_metadata="${metadata}"`,
      );
    }
  });

  it('still serves a well-formed request with Host on the same kind of connection, and HTTP/1.0 without', async () => {
    for (const request of ['GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n', 'GET /healthz HTTP/1.0\r\n\r\n']) {
      const connection = await RawConnection.open(service.url);
      try {
        connection.write(request);
        expect((await connection.response()).status, request).toBe(200);
      } finally {
        connection.destroy();
      }
    }
  });
});
