import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/**
 * The refusal of every key and app of an owner who stopped all agents (docs/approvals.md): it says when,
 * and that only the owner can resume them.
 */
export function refuseIfAgentsStopped(
  services: { config: Pick<Config, 'appUrl'> },
  stoppedAt: string | null,
): void {
  if (stoppedAt === null) return;
  const { appUrl } = services.config;
  throw new AppError(
    'agents_stopped',
    `The owner stopped all agents at ${stoppedAt}: every API key and app of this owner is suspended, and ` +
      'this call did nothing. Do not retry: only the owner can resume them, with the Resume button at ' +
      `${appUrl}/keys or \`adops agents resume --email <owner>\`.`,
  );
}
