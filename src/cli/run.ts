import pino from 'pino';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import type { Services } from '../context.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { closeServices, createLogger, createServices } from '../services.ts';
import { migrateToLatest } from '../storage/migrate.ts';

/**
 * Runs one administrative command against the configured database and prints its result as one JSON
 * value on stdout; failures print `{"error": ...}` on stderr and exit 1.
 */
export async function run(
  command: (services: Services) => Promise<unknown>,
  { migrateFirst = true } = {},
): Promise<void> {
  let services: Services | undefined;
  try {
    const config = loadConfig();
    // stdout carries the command's JSON result; logs go to stderr.
    services = createServices(config, { logger: createLogger(config, pino.destination(2)) });
    if (migrateFirst) await migrateToLatest(services.storage.db);
    const result = await command(services);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${JSON.stringify({ error: message })}\n`);
    if (!(error instanceof OwnerError || error instanceof ConfigError))
      process.stderr.write(`${error instanceof Error ? error.stack : ''}\n`);
    process.exitCode = 1;
  } finally {
    if (services) await closeServices(services);
  }
}
