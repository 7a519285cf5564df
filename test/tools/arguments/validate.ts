import { expect } from 'vitest';
import { type Config, loadConfig } from '../../../src/config.ts';
import { AppError } from '../../../src/errors.ts';
import { validateArguments } from '../../../src/pipeline/validate-arguments.ts';
import type { FieldIssue, Tool } from '../../../src/tools/tool.ts';

export const NOW = new Date('2026-11-22T15:00:00Z');
export const TODAY = '2026-11-22';

/** The parsed arguments; throws when they are rejected. */
export function accept(tool: Tool, args: unknown, config: Config = loadConfig({})): Record<string, unknown> {
  return validateArguments(tool, args, config, NOW);
}

/** The issues of rejected arguments; fails when they are accepted. */
export function reject(tool: Tool, args: unknown, config: Config = loadConfig({})): FieldIssue[] {
  try {
    validateArguments(tool, args, config, NOW);
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_arguments') {
      return error.options.structuredContent?.issues as FieldIssue[];
    }
    throw error;
  }
  throw new Error(`${tool.name} accepted ${JSON.stringify(args)}`);
}

/** An expected issue: the field exactly, a telling part of the message. */
export function issue(field: string, message: string) {
  return { field, message: expect.stringContaining(message) };
}
