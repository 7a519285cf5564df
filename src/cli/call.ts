import { readFileSync } from 'node:fs';
import { type CommanderError, InvalidArgumentError } from 'commander';
import { AdopsApiError, AdopsClient, DEFAULT_BASE_URL, type ToolName } from '../client/index.ts';
import { CALL_EXIT, exitCodeFor, exitCodesHelp, UsageError } from './call-exit-codes.ts';

export const CALL_HELP = `
The API key comes from --key or ADOPS_API_KEY (prefer the variable: arguments show in the process
list); the service from --base-url or ADOPS_BASE_URL (default ${DEFAULT_BASE_URL}). Each call carries
one Idempotency-Key on all its attempts, so a retried call never runs twice.

Exit codes:
${exitCodesHelp()}
`;

export interface CallCommandOptions {
  args?: string;
  argsFile?: string;
  baseUrl?: string;
  key?: string;
  idempotencyKey?: string;
  retries?: number;
  json?: boolean;
}

/** Commander's own usage errors (unknown option, missing tool) end with the usage code too. */
export function exitOnUsageError(error: CommanderError): never {
  process.exit(error.exitCode === 0 ? CALL_EXIT.ok.code : CALL_EXIT.usage.code);
}

export function retriesOption(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number, like 4');
  return Number(value);
}

function readArguments(options: CallCommandOptions): Record<string, unknown> {
  if (options.args !== undefined && options.argsFile !== undefined)
    throw new UsageError('Pass either --args or --args-file, not both.');
  let text = options.args ?? '{}';
  if (options.argsFile !== undefined) {
    try {
      text = readFileSync(options.argsFile === '-' ? 0 : options.argsFile, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read --args-file ${options.argsFile}: ${(error as Error).message}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`The arguments are not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError('The arguments must be a JSON object, like {"platform": "social"}.');
  return parsed as Record<string, unknown>;
}

function describeApiError(error: AdopsApiError): string {
  const lines = [
    `error: ${error.message}`,
    `  HTTP ${error.status}, code ${error.code}, request_id ${error.request_id ?? 'none'}`,
  ];
  if (error.retryAfterSeconds !== undefined) lines.push(`  retry after ${error.retryAfterSeconds} s`);
  if (error.structured_content) lines.push(JSON.stringify(error.structured_content, null, 2));
  return `${lines.join('\n')}\n`;
}

function report(error: unknown, json: boolean): void {
  if (json && error instanceof AdopsApiError && error.envelope) {
    process.stdout.write(`${JSON.stringify(error.envelope)}\n`);
  } else if (error instanceof AdopsApiError && !json) {
    process.stderr.write(describeApiError(error));
  } else {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(json ? `${JSON.stringify({ error: message })}\n` : `error: ${message}\n`);
  }
  process.exitCode = exitCodeFor(error);
}

/** `adops call <tool>`: one call through the typed client, as an agent would make it. */
export async function callCommand(tool: string, options: CallCommandOptions): Promise<void> {
  const json = options.json === true;
  try {
    const apiKey = options.key ?? process.env.ADOPS_API_KEY;
    if (!apiKey) throw new UsageError('No API key: set ADOPS_API_KEY (or pass --key).');
    const baseUrl = options.baseUrl ?? process.env.ADOPS_BASE_URL ?? DEFAULT_BASE_URL;
    if (!URL.canParse(baseUrl)) throw new UsageError(`--base-url ${baseUrl} is not a URL.`);
    const args = readArguments(options);
    const client = new AdopsClient({
      apiKey,
      baseUrl,
      ...(options.retries !== undefined && { retry: { maxAttempts: options.retries + 1 } }),
    });
    const result = await client.callTool(tool as ToolName, args as never, {
      ...(options.idempotencyKey !== undefined && { idempotencyKey: options.idempotencyKey }),
    });
    const { envelope } = result;
    process.stdout.write(json ? `${JSON.stringify(envelope)}\n` : `${envelope.data.text}\n`);
    process.exitCode = CALL_EXIT.ok.code;
  } catch (error) {
    report(error, json);
  }
}
