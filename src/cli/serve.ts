import { API_KEY_PREFIX } from '../auth/api-key.ts';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import type { Services } from '../context.ts';
import { ensureDemo, seedDemoApproval } from '../demo.ts';
import { PLATFORMS } from '../platform-families.ts';
import { versionNotice } from '../platforms/api-versions.ts';
import { tierLimit } from '../quota.ts';
import { startServer } from '../server.ts';
import { createServices } from '../services.ts';
import { migrateToLatest } from '../storage/migrate.ts';

/**
 * What a start on the embedded default prints. The demo key is shown whole only by the start that made
 * it; later starts name its prefix and its file, so the secret does not sit in every start's output.
 */
function banner(url: string, demo: Awaited<ReturnType<typeof ensureDemo>>, quotaLimit: number): string {
  const keyLine =
    demo.keyCreated || !demo.keyFile
      ? `${demo.key}   (shown once; ${demo.keyFile ? `kept in ${demo.keyFile}` : 'not kept on disk'})`
      : `${demo.key.slice(0, API_KEY_PREFIX.length + 6)}…   (kept in ${demo.keyFile})`;
  const bearer = demo.keyFile ? `$(cat '${demo.keyFile}')` : demo.key;
  return [
    '',
    `adops is running at ${url}`,
    `  execute a tool:  POST ${url}/api/v1/tools/<tool>/execute`,
    `  API reference:   ${url}/docs   (OpenAPI: ${url}/api/v1/openapi.json)`,
    `  MCP endpoint:    ${url}/mcp`,
    `  owner console:   ${url}/login   (npx adops users set-password --email ${demo.email})`,
    `  demo owner:      ${demo.email} (sandbox accounts on search, network, social x2, video)`,
    `  quota:           ${demo.tier} tier, ${quotaLimit} calls a month   (more: npx adops users set-tier --email ${demo.email} --tier max)`,
    `  demo API key:    ${keyLine}`,
    `  try it:          curl -s -X POST ${url}/api/v1/tools/get_usage_status/execute \\`,
    `                     -H "Authorization: Bearer ${bearer}" -H 'Content-Type: application/json' -d '{"arguments":{}}'`,
    '',
  ].join('\n');
}

/**
 * Says at start when a platform is about to stop serving its configured API version (within 60 days of
 * its sunset), and louder once it no longer does: every live call would then be refused.
 */
export function noteApiVersions(services: Services): void {
  for (const platform of PLATFORMS) {
    const version = services.config.platforms.settings[platform].apiVersion;
    const notice = versionNotice(platform, version, services.clock.now());
    if (notice) services.logger[notice.level]({ platform, api_version: version }, notice.message);
  }
}

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
  noteApiVersions(services);
  const applied = await migrateToLatest(services.storage.db);
  if (applied.length > 0) services.logger.info({ applied }, 'migrations applied');
  // The demo owner's accounts are sandbox accounts: none without the sandbox.
  const makeDemo = services.storage.dialect === 'sqlite' && config.platforms.sandboxEnabled;
  const demo = makeDemo ? await ensureDemo(services) : undefined;
  const server = await startServer(services, config.host, config.port);
  if (demo) await seedDemoApproval(services, demo);
  if (demo) process.stderr.write(banner(server.url, demo, tierLimit(config, demo.tier)));
  services.logger.info({ url: server.url, dialect: services.storage.dialect }, 'adops is listening');
  const stop = (signal: NodeJS.Signals) => {
    // A second signal is not caught: it ends the process at once, without waiting for the drain.
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    services.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error) => {
        services.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
