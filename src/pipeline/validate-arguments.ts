import type { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { fieldNames } from '../tools/arguments.ts';
import { formatIssues } from '../tools/invalid-arguments.ts';
import type { FieldIssue, Tool } from '../tools/tool.ts';

function fieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    text += typeof part === 'number' ? `[${part}]` : text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}...` : value}"`;
  return typeof value === 'object' ? 'an object' : String(value);
}

function sizeOf(input: unknown): string {
  if (typeof input === 'string') return ` (got ${input.length})`;
  if (Array.isArray(input)) return ` (got ${input.length})`;
  if (typeof input === 'number') return ` (got ${input})`;
  return '';
}

function unit(origin: string, count: number | bigint): string {
  if (origin === 'string') return ` ${count} character${count === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return ` ${count} item${count === 1 ? '' : 's'}`;
  return ` ${count}`;
}

/** One sentence per problem, saying what is wrong and what is accepted. */
function issueMessages(
  issue: z.core.$ZodIssue,
  accepted: string[],
  refused: Readonly<Record<string, string>> = {},
): FieldIssue[] {
  const field = fieldPath(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return [
        {
          field,
          message:
            issue.input === undefined
              ? 'is required'
              : `must be ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`} (got ${describeValue(issue.input)})`,
        },
      ];
    case 'too_big':
      return [
        {
          field,
          message: `must be at most${unit(issue.origin, issue.maximum as number)}${sizeOf(issue.input)}`,
        },
      ];
    case 'too_small': {
      const minimum = issue.minimum as number;
      if (issue.origin === 'string' && minimum === 1) return [{ field, message: 'must not be empty' }];
      const phrase = issue.inclusive === false ? 'greater than' : 'at least';
      return [{ field, message: `must be ${phrase}${unit(issue.origin, minimum)}${sizeOf(issue.input)}` }];
    }
    case 'invalid_value':
      if (issue.input === undefined)
        return [{ field, message: `is required: one of ${issue.values.map(String).join(', ')}` }];
      return [
        {
          field,
          message: `must be one of ${issue.values.map(String).join(', ')} (got ${describeValue(issue.input)})`,
        },
      ];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: field === '' ? key : `${field}.${key}`,
        message: refused[key] ?? `is not an accepted field (accepted: ${accepted.join(', ')})`,
      }));
    default:
      return [{ field, message: issue.message }];
  }
}

/** Parses the arguments with the tool's schema and rules; 400 naming every offending field. */
export function validateArguments(
  tool: Tool,
  rawArguments: unknown,
  config: Config,
  now: Date,
): Record<string, unknown> {
  const accepted = fieldNames(tool.input);
  const parsed = tool.input.safeParse(rawArguments, { reportInput: true });
  const issues = parsed.success
    ? (tool.rules?.(parsed.data, { config, now }) ?? [])
    : parsed.error.issues.flatMap((issue) =>
        issue.path.length === 0
          ? issueMessages(issue, accepted, tool.refusedFields)
          : issueMessages(issue, nestedAccepted(tool.input, issue) ?? accepted),
      );
  if (issues.length > 0 || !parsed.success) {
    throw new AppError('invalid_arguments', `Invalid arguments for ${tool.name}: ${formatIssues(issues)}.`, {
      structuredContent: { issues, accepted_fields: accepted },
    });
  }
  return parsed.data as Record<string, unknown>;
}

/** For an unknown field inside a nested object (a card), the fields that object accepts. */
function nestedAccepted(schema: z.ZodObject, issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code !== 'unrecognized_keys' || issue.path.length === 0) return undefined;
  let current: unknown = schema;
  for (const part of issue.path) {
    current = unwrap(current);
    if (typeof part === 'number') current = (current as { element?: unknown }).element;
    else current = (current as { shape?: Record<string, unknown> }).shape?.[String(part)];
  }
  const object = unwrap(current) as { shape?: Record<string, unknown> } | undefined;
  return object?.shape ? Object.keys(object.shape) : undefined;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema inside optional/default/... wrappers; arrays are not wrappers, though they too have `unwrap`. */
function unwrap(schema: unknown): unknown {
  let current = schema as { unwrap?: () => unknown; def?: { type?: string } } | undefined;
  while (current?.unwrap && WRAPPERS.has(current.def?.type ?? ''))
    current = current.unwrap() as typeof current;
  return current;
}
