import type { McpServerFactory } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import pino from 'pino';
import { authenticate } from '../auth/authenticate.ts';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import { connectRemote, createProxyServer, mcpEndpoint, refusalOf } from '../mcp/remote-proxy.ts';
import { createMcpServer } from '../mcp/server.ts';
import { stdioDoor } from '../mcp/stdio-door.ts';
import { startServer } from '../server.ts';
import { closeServices, createLogger, createServices } from '../services.ts';
import { migrateToLatest } from '../storage/migrate.ts';

/** Fails the start the way every command fails: `{"error": ...}` on stderr, exit 1. */
class StartError extends Error {}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Serves both protocol eras (the connection's first message chooses) until the client closes stdin (how
 * desktop clients stop a server) or a signal comes.
 */
function serveUntilClosed(factory: McpServerFactory, cleanUp: () => Promise<void>): void {
  const serving = serveStdio(factory);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void serving
      .close()
      .then(cleanUp)
      .finally(() => process.exit(0));
  };
  process.stdin.once('end', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function serveLocal(apiKey: string): Promise<void> {
  const config = loadConfig();
  // stdout carries the protocol: every log line goes to stderr.
  const services = createServices(config, { logger: createLogger(config, pino.destination(2)) });
  try {
    await migrateToLatest(services.storage.db);
    await authenticate(services, `Bearer ${apiKey}`);
  } catch (error) {
    await closeServices(services);
    throw new StartError(`ADOPS_API_KEY: ${errorMessage(error)}`);
  }
  // The sandbox platforms are HTTP endpoints of the service: with no service to reach (ADOPS_SANDBOX_URL),
  // this process serves them itself, on a loopback port of its own, so a desktop client needs nothing else.
  const { sandboxEnabled, sandboxUrl } = config.platforms;
  const sandbox =
    sandboxEnabled && sandboxUrl === undefined ? await startServer(services, '127.0.0.1', 0) : undefined;
  const door = stdioDoor(services, apiKey);
  serveUntilClosed(
    ({ era }) => createMcpServer(services, door, era),
    () => (sandbox ? sandbox.close() : closeServices(services)),
  );
}

async function serveRemote(remote: string, apiKey: string): Promise<void> {
  let endpoint: URL;
  try {
    endpoint = mcpEndpoint(remote);
  } catch {
    throw new StartError(
      `--remote: "${remote}" is not a URL; pass the service's address, like https://adops.example.com`,
    );
  }
  let client: Awaited<ReturnType<typeof connectRemote>>;
  try {
    client = await connectRemote(endpoint, apiKey);
  } catch (error) {
    throw new StartError(
      `${endpoint.href} refused the connection: ${refusalOf(error)?.message ?? errorMessage(error)}`,
    );
  }
  serveUntilClosed(
    () => createProxyServer(client),
    () => client.close(),
  );
}

/**
 * `adops mcp [--remote URL]`: the tools over MCP on stdio for desktop clients, with the key from
 * ADOPS_API_KEY, run in this process against the configured database, or forwarded to a running service.
 */
export async function mcpCommand(options: { remote?: string }): Promise<void> {
  try {
    const apiKey = process.env.ADOPS_API_KEY?.trim();
    if (!apiKey) {
      throw new StartError(
        'ADOPS_API_KEY is not set: put the API key (sk_live_...) in the MCP client configuration\'s "env".',
      );
    }
    if (options.remote !== undefined) await serveRemote(options.remote, apiKey);
    else await serveLocal(apiKey);
  } catch (error) {
    process.stderr.write(`${JSON.stringify({ error: errorMessage(error) })}\n`);
    if (!(error instanceof StartError || error instanceof ConfigError))
      process.stderr.write(`${error instanceof Error ? error.stack : ''}\n`);
    process.exit(1);
  }
}
