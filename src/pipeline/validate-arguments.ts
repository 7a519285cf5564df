import type { z } from 'zod';
import type { Config } from '../config.ts';
import { MAX_JSON_DEPTH, valueTooDeep } from '../json-depth.ts';
import { fieldNames, MAX_ARRAY_ITEMS, MAX_OBJECT_FIELDS } from '../tools/arguments.ts';
import { formatIssues, invalidArguments } from '../tools/invalid-arguments.ts';
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

/** At most this many issues are answered: a body of 100,000 bad items must not answer megabytes. */
const MAX_ANSWERED_ISSUES = 20;
const MAX_FIELD_NAME_LENGTH = 100;

function clip(name: string): string {
  return name.length > MAX_FIELD_NAME_LENGTH ? `${name.slice(0, MAX_FIELD_NAME_LENGTH)}...` : name;
}

/**
 * One sentence per problem, saying what is wrong and what is accepted. `listed` holds the accepted-field
 * lists already given, so each is spelled out once however many unknown fields there are.
 */
function issueMessages(
  issue: z.core.$ZodIssue,
  accepted: string[],
  listed: Set<string>,
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
      return issue.keys.map((key) => {
        const list = accepted.join(', ');
        const known = listed.has(list);
        listed.add(list);
        return {
          field: field === '' ? clip(key) : `${field}.${clip(key)}`,
          message: refused[key] ?? `is not an accepted field${known ? '' : ` (accepted: ${list})`}`,
        };
      });
    case 'invalid_union':
      return unionMessages(issue, field);
    default:
      return [{ field, message: issue.message }];
  }
}

/**
 * A value no alternative took (an id as digits or as a number): the alternative of the value's own type
 * speaks, in its own words, rather than zod's "Invalid input"; a value of no accepted type names them.
 */
function unionMessages(issue: z.core.$ZodIssueInvalidUnion, field: string): FieldIssue[] {
  const given = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
  // `int` is zod's type for a whole number: a number given to it is of its type, just not whole.
  const takes = (expected: string) => expected === given || (expected === 'int' && given === 'number');
  const wrongType = (branch: z.core.$ZodIssue[]) =>
    branch.every(
      (inner) => inner.code === 'invalid_type' && inner.path.length === 0 && !takes(inner.expected),
    );
  const ofItsType = issue.errors.filter((branch) => !wrongType(branch));
  if (ofItsType.length === 1) {
    const messages = new Set(ofItsType[0]?.map((inner) => inner.message));
    return [...messages].map((message) => ({ field, message }));
  }
  if (issue.input === undefined) return [{ field, message: 'is required' }];
  const expected = new Set(
    issue.errors.flatMap((branch) =>
      branch.flatMap((inner) => (inner.code === 'invalid_type' ? [inner.expected] : [])),
    ),
  );
  return [
    { field, message: `must be a ${[...expected].join(' or a ')} (got ${describeValue(issue.input)})` },
  ];
}

/**
 * Arguments nested deeper than any tool takes, or the first array or object in them that is larger. The
 * depth is asked first, without recursion, so the walk below never goes deeper than MAX_JSON_DEPTH
 * whatever door the arguments came through (stdio hands them over as parsed, unchecked).
 */
function oversized(value: unknown): FieldIssue | undefined {
  if (valueTooDeep(value)) {
    return {
      field: '',
      message: `the arguments nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep, which no tool takes`,
    };
  }
  return firstTooLarge(value, '');
}

/** The first array or object, depth first, that is larger than any tool takes. */
function firstTooLarge(value: unknown, path: string): FieldIssue | undefined {
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) {
      return { field: path, message: `must have at most ${MAX_ARRAY_ITEMS} items (got ${value.length})` };
    }
    for (const [index, item] of value.entries()) {
      const found = firstTooLarge(item, `${path}[${index}]`);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length > MAX_OBJECT_FIELDS) {
      return {
        field: path,
        message: `must have at most ${MAX_OBJECT_FIELDS} fields (got ${entries.length})`,
      };
    }
    for (const [key, item] of entries) {
      const found = firstTooLarge(item, path === '' ? clip(key) : `${path}.${clip(key)}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** Parses the arguments with the tool's schema and rules; 400 naming every offending field. */
export function validateArguments(
  tool: Tool,
  rawArguments: unknown,
  config: Config,
  now: Date,
): Record<string, unknown> {
  const accepted = fieldNames(tool.input);
  const tooLarge = oversized(rawArguments);
  if (tooLarge) {
    throw invalidArguments(tool.name, [tooLarge], { details: { accepted_fields: accepted } });
  }
  const parsed = tool.input.safeParse(rawArguments, { reportInput: true });
  const listed = new Set<string>();
  const issues = parsed.success
    ? (tool.rules?.(parsed.data, { config, now }) ?? [])
    : parsed.error.issues.flatMap((issue) =>
        issue.path.length === 0
          ? issueMessages(issue, accepted, listed, tool.refusedFields)
          : issueMessages(issue, nestedAccepted(tool.input, issue) ?? accepted, listed),
      );
  if (issues.length > 0 || !parsed.success) {
    const answered = issues.slice(0, MAX_ANSWERED_ISSUES);
    const omitted = issues.length - answered.length;
    const more = omitted > 0 ? `; and ${omitted} more issue(s) like these: fix these first` : '';
    throw invalidArguments(tool.name, answered, {
      said: `${formatIssues(answered)}${more}`,
      details: { ...(omitted > 0 && { omitted_issues: omitted }), accepted_fields: accepted },
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
