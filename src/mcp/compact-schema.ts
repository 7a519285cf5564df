import { MAX_ARRAY_ITEMS } from '../tools/arguments.ts';

type Json = Record<string, unknown>;

/** Longer patterns (control characters, sandbox ids) cost a model more to read than they tell it. */
const MAX_PATTERN_LENGTH = 40;
const COMBINATORS = ['allOf', 'anyOf', 'oneOf', 'not'] as const;

/**
 * A rule across an object's fields (`required` in `anyOf`, `not`, "action_value when action is…"), as
 * opposed to a choice between value shapes, whose branches each have a type.
 */
function isFieldRule(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if ('type' in schema || '$ref' in schema) return false;
  return COMBINATORS.every((key) => {
    const value = (schema as Json)[key];
    if (value === undefined) return true;
    return (Array.isArray(value) ? value : [value]).every(isFieldRule);
  });
}

/**
 * A tool's input schema as MCP clients get it: what a model needs to make a valid call, in few bytes and
 * in the subset strict tool schemas accept (OpenAI's). Rules across fields and the long patterns are left
 * to the service, which checks every one and says in its error what to send instead; the OpenAPI document
 * keeps them all.
 */
export function compactSchema(schema: Json): Json {
  const compact: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key === 'pattern' && typeof value === 'string' && value.length > MAX_PATTERN_LENGTH) continue;
    // Every array argument has this bound (docs/contract.md); it need not be said in each.
    if (key === 'maxItems' && value === MAX_ARRAY_ITEMS) continue;
    // The service trims text and refuses it empty, saying so.
    if (key === 'minLength' && value === 1) continue;
    if ((COMBINATORS as readonly string[]).includes(key)) {
      const branches = Array.isArray(value) ? value : [value];
      if (branches.every(isFieldRule)) continue;
    }
    compact[key] = compactValue(value);
  }
  return compact;
}

function compactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactValue);
  if (typeof value === 'object' && value !== null) return compactSchema(value as Json);
  return value;
}

const SAFE_INTEGER_BOUNDS = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } as const;

/**
 * `schema` without the bounds zod gives every integer (±2^53 − 1), which say nothing a JSON number does
 * not: 46 bytes on every count of a report's rows.
 */
export function withoutSafeIntegerBounds(schema: Json | undefined): Json | undefined {
  if (!schema) return undefined;
  const trimmed: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key in SAFE_INTEGER_BOUNDS && value === SAFE_INTEGER_BOUNDS[key as keyof typeof SAFE_INTEGER_BOUNDS])
      continue;
    if (Array.isArray(value)) trimmed[key] = value.map((item) => trimmedValue(item));
    else trimmed[key] = trimmedValue(value);
  }
  return trimmed;
}

function trimmedValue(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? withoutSafeIntegerBounds(value as Json)
    : value;
}
