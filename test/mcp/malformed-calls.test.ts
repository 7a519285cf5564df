import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, TEST_ENCRYPTION_KEYS, TestService } from '../support/service.ts';
import { answersOverStdio, connectOverHttp, connectOverStdio, type StdioConnection } from './clients.ts';

/** A tools/call sent as given, past the SDK client's types: what a broken or hostile client sends. */
function rawCall(client: Client, params: unknown) {
  return client.request({ method: 'tools/call', params: params as { name: string } }, CallToolResultSchema);
}

/** A tools/call of get_usage_status whose arguments hold arrays nested 10,000 levels deep, in 20 KB. */
const DEEP_CALL = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_usage_status","arguments":{"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`;

/**
 * tools/call requests the protocol's schema refuses, and arguments nested too deep, on every MCP door:
 * each gets a plain answer saying what to fix, never an internal error. Nothing here depends on the
 * database, so one dialect is enough.
 */
describe('malformed MCP tool calls', () => {
  let service: TestService;
  let owner: Owner;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    owner = await service.createOwner();
  });
  afterAll(async () => {
    await Promise.all(closers.map((close) => close()));
    await service.stop();
  });

  const environment = () => ({
    ADOPS_DATABASE_URL: service.database.url,
    ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    ADOPS_API_KEY: owner.key,
  });

  async function stdio(args: string[]): Promise<Client> {
    const connection: StdioConnection = await connectOverStdio(args, environment());
    closers.push(connection.close);
    return connection.client;
  }

  const doors: Array<{ door: string; connect: () => Promise<Client> }> = [
    {
      door: 'HTTP',
      connect: async () => {
        const client = await connectOverHttp(service.url, owner.key);
        closers.push(() => client.close());
        return client;
      },
    },
    { door: 'stdio', connect: () => stdio([]) },
    { door: 'stdio --remote', connect: () => stdio(['--remote', service.url]) },
  ];

  describe.each(doors)('over $door', ({ connect }) => {
    let client: Client;
    beforeAll(async () => {
      client = await connect();
    });

    it('answers params of the wrong shape with -32602 saying what is wrong, not -32603 and a zod dump', async () => {
      const cases = [
        {
          params: { name: 'get_usage_status', arguments: [] },
          message:
            "arguments must be an object holding the tool's arguments by name, like {} (got an array).",
        },
        {
          params: { name: 'get_usage_status', arguments: null },
          message: "arguments must be an object holding the tool's arguments by name, like {} (got null).",
        },
        {
          params: { name: 5, arguments: {} },
          message: 'name must be a string naming a tool (got a number); tools/list lists them.',
        },
        {
          params: { arguments: {} },
          message: 'name must be a string naming a tool (got nothing); tools/list lists them.',
        },
        {
          params: { name: 'get_usage_status', arguments: {}, task: 5 },
          message: 'task is not valid: Invalid input: expected object, received number.',
        },
      ];
      for (const { params, message } of cases) {
        await expect(rawCall(client, params), JSON.stringify(params)).rejects.toMatchObject({
          code: ErrorCode.InvalidParams,
          message: `MCP error -32602: ${message}`,
        });
      }
      // The same client goes on working.
      const usage = await rawCall(client, { name: 'get_usage_status', arguments: {} });
      expect(usage.isError).toBeFalsy();
    });
  });

  it('refuses arguments nested 10,000 levels deep over stdio as invalid arguments, not a stack overflow', async () => {
    const [answer] = await answersOverStdio([], environment(), [DEEP_CALL]);
    const result = answer?.result;
    expect(result?.isError).toBe(true);
    expect(result?._meta).toMatchObject({ 'adops/code': 'invalid_arguments', 'adops/status': 400 });
    expect(result?.content[0].text).toBe(
      'Invalid arguments for get_usage_status: the arguments nest arrays and objects more than 64 levels ' +
        'deep, which no tool takes.',
    );
  });

  it('refuses them in the --remote proxy before forwarding, which could not serialize them', async () => {
    const [answer] = await answersOverStdio(['--remote', service.url], environment(), [DEEP_CALL]);
    expect(answer?.error).toEqual({
      code: ErrorCode.InvalidParams,
      message:
        'arguments nest arrays and objects more than 64 levels deep, which no tool takes. Send flatter arguments.',
    });
  });
});
