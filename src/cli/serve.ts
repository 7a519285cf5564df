import { ConfigError, loadConfig } from '../config.ts';
import type { Services } from '../context.ts';
import { ensureDemo } from '../demo.ts';
import { startServer } from '../server.ts';
import { createServices } from '../services.ts';
import { migrateToLatest } from '../storage/migrate.ts';

/** Migrates, makes the demo owner on the embedded default, listens, and stops cleanly on SIGINT/SIGTERM. */
export async function serveCommand(options: { port?: number; host?: string }): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({
      ...process.env,
      ...(options.port !== undefined && { ADOPS_PORT: String(options.port) }),
      ...(options.host !== undefined && { ADOPS_HOST: options.host }),
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  let services: Services;
  try {
    services = createServices(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const applied = await migrateToLatest(services.storage.db);
  if (applied.length > 0) services.logger.info({ applied }, 'migrations applied');
  const demo = services.storage.dialect === 'sqlite' ? await ensureDemo(services) : undefined;
  const server = await startServer(services, config.host, config.port);
  if (demo) {
    process.stderr.write(
      [
        '',
        `adops is running at ${server.url}`,
        `  execute a tool:  POST ${server.url}/api/v1/tools/<tool>/execute`,
        `  API reference:   ${server.url}/docs   (OpenAPI: ${server.url}/api/v1/openapi.json)`,
        `  MCP endpoint:    ${server.url}/mcp`,
        `  owner console:   ${server.url}/login   (adops users set-password --email ${demo.email})`,
        `  demo owner:      ${demo.email} (sandbox accounts on search, network, social x2, video)`,
        `  demo API key:    ${demo.key}`,
        `  try it:          curl -s -X POST ${server.url}/api/v1/tools/get_usage_status/execute \\`,
        `                     -H "Authorization: Bearer ${demo.key}" -H 'Content-Type: application/json' -d '{"arguments":{}}'`,
        '',
      ].join('\n'),
    );
  }
  services.logger.info({ url: server.url, dialect: services.storage.dialect }, 'adops is listening');
  const stop = (signal: string) => {
    services.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error) => {
        services.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
