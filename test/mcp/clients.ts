import { spawn } from 'node:child_process';
import {
  Client as CurrentClient,
  StreamableHTTPClientTransport as CurrentHttpTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as CurrentStdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ADOPS_BIN } from '../support/cli.ts';

export type { CurrentClient };

/** The protocol revision the SDK v2 clients of these tests speak; the v1 client speaks 2025-11-25. */
export const CURRENT_PROTOCOL = '2026-07-28';

/** The SDK's own client over real HTTP to a service's /mcp, with the key as a bearer token. */
export async function connectOverHttp(
  baseUrl: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: 'adops-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } },
  });
  await client.connect(transport);
  return client;
}

export interface StdioConnection {
  client: Client;
  /** What the server process wrote on stderr so far: its logs. */
  stderr(): string;
  close(): Promise<void>;
}

/** The SDK's own client driving `adops mcp <args>` as a child process over its stdin and stdout. */
export async function connectOverStdio(
  args: string[],
  env: Record<string, string>,
): Promise<StdioConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ADOPS_BIN, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'adops-test', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`adops mcp did not start: ${error}\n${stderr}`);
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}

/**
 * The answers of `adops mcp <args>` to JSON-RPC requests written as text, one a line: for what the SDK
 * client cannot send (its serializer overflows on arguments nested thousands of levels deep).
 */
export function answersOverStdio(
  args: string[],
  env: Record<string, string>,
  requests: string[],
): Promise<Array<Record<string, any>>> {
  const child = spawn(process.execPath, [ADOPS_BIN, 'mcp', ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`adops mcp exited (${code}) before answering:\n${stderr}`)));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      // Only whole lines: the last piece is still arriving.
      const answers = stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as Record<string, any>);
      if (answers.length < requests.length) return;
      child.removeAllListeners('exit');
      child.stdin.end();
      resolve(answers);
    });
    for (const request of requests) child.stdin.write(`${request}\n`);
  });
}

/** tools/call, typed as the result of a current server (the SDK also allows a pre-2024 shape). */
export async function callTool(
  client: Client,
  params: CallToolRequest['params'],
  options?: RequestOptions,
): Promise<CallToolResult> {
  return (await client.callTool(params, undefined, options)) as CallToolResult;
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('no text content');
  return first.text;
}

/**
 * The SDK v2 client pinned to the 2026-07-28 protocol over real HTTP: `server/discover` instead of
 * initialize, the protocol version in every request's `_meta`.
 */
export async function connectCurrentOverHttp(
  baseUrl: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<CurrentClient> {
  const client = new CurrentClient(
    { name: 'adops-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: CURRENT_PROTOCOL } } },
  );
  const transport = new CurrentHttpTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } },
  });
  await client.connect(transport);
  return client;
}

/** The SDK v2 client pinned to 2026-07-28, driving `adops mcp <args>` as a child process. */
export async function connectCurrentOverStdio(
  args: string[],
  env: Record<string, string>,
): Promise<{ client: CurrentClient; stderr(): string; close(): Promise<void> }> {
  const transport = new CurrentStdioTransport({
    command: process.execPath,
    args: [ADOPS_BIN, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new CurrentClient(
    { name: 'adops-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: CURRENT_PROTOCOL } } },
  );
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`adops mcp did not start: ${error}\n${stderr}`);
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}
