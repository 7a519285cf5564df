import type { Caller } from '../caller.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/**
 * The refusal of a key or app whose owner stopped all agents. It names the refused caller, so the door's
 * audit row is the owner's and the key's: in an incident the owner sees who is still trying (/usage,
 * /activity, Agents at work).
 */
export class AgentsStoppedError extends AppError {
  readonly caller: Caller | undefined;

  constructor(message: string, caller: Caller | undefined) {
    super('agents_stopped', message);
    this.caller = caller;
  }
}

/** The key's or app's owner a door refused for a stop, so the refusal's audit row names them. */
export function refusedCaller(error: unknown): Caller | undefined {
  return error instanceof AgentsStoppedError ? error.caller : undefined;
}

/**
 * The refusal of every key and app of an owner who stopped all agents (docs/approvals.md): it says when,
 * and that only the owner can resume them.
 */
export function refuseIfAgentsStopped(
  services: { config: Pick<Config, 'appUrl'> },
  stoppedAt: string | null,
  caller?: Caller,
): void {
  if (stoppedAt === null) return;
  const { appUrl } = services.config;
  throw new AgentsStoppedError(
    `The owner stopped all agents at ${stoppedAt}: every API key and app of this owner is suspended, and ` +
      'this call did nothing. Do not retry: only the owner can resume them, with the Resume button at ' +
      `${appUrl}/keys or \`npx adops agents resume --email <owner>\`.`,
    caller,
  );
}
