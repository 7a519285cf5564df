import { z } from 'zod';
import {
  CONTROL_RANGES,
  CONTROL_RANGES_BUT_LINE_BREAKS,
  controlCharacterIn,
  type TextLines,
} from '../control-characters.ts';
import type { Platform } from '../platform-families.ts';
import type { FieldIssue } from './tool.ts';

/** Ids that make the sandbox answer with a fault, accepted wherever an id is digits (docs/platforms.md). */
export const SANDBOX_MAGIC_IDS = [
  'sandbox_rate_limited',
  'sandbox_rate_limited_app',
  'sandbox_rate_limited_user',
  'sandbox_server_error',
  'sandbox_slow',
  'sandbox_token_expired',
] as const;

const MAX_URL_LENGTH = 2000;

/**
 * No tool takes more items in an array, or more fields in an object: larger arguments are refused before
 * the schema spends time on each item (pipeline/validate-arguments.ts), and the documents say so.
 */
export const MAX_ARRAY_ITEMS = 1_000;
export const MAX_OBJECT_FIELDS = 200;

/** The unions of an id's digits and the same id as a JSON number (`orIdNumber`). */
const ID_UNIONS = new WeakSet<object>();

/** Whether a schema is an id union or a copy of one (`.describe()` and `.meta()` copy a schema). */
function isIdUnion(schema: unknown): boolean {
  for (
    let at = schema as { _zod?: { parent?: unknown } } | undefined;
    at;
    at = at._zod?.parent as typeof at
  ) {
    if (ID_UNIONS.has(at)) return true;
  }
  return false;
}

/** The largest id a JSON number carries exactly (2^53 - 1); larger ids are sent as strings of digits. */
const MAX_ID_NUMBER = Number.MAX_SAFE_INTEGER;

type JsonSchemaNode = Record<string, unknown>;

/** Where an arguments schema is published: the OpenAPI document, or the MCP tool list. */
export type PublishedDoor = 'openapi' | 'mcp';

/**
 * An id as the service takes it (`orIdNumber`): its string (digits, or the URN form where taken) or a JSON
 * integer from 0 to 2^53 - 1. One schema of both types rather than an `anyOf`: `minLength` and `pattern`
 * hold for strings only, `minimum` and `maximum` for numbers only, so it says exactly that, and the typed
 * client types it `string | number`.
 *
 * The MCP tool list shows the string alone: the integer form costs each id 12 bytes at the least, about
 * 1,000 over the list, which the list's budget (test/mcp/tool-list-budget.test.ts) does not hold. A model
 * writes the string; the service still takes the number, and test/openapi/document-truth.test.ts states
 * this as the one thing the MCP schema refuses that the service accepts.
 */
function publishedId(schema: JsonSchemaNode, door: PublishedDoor): void {
  // The string branch as zod made it; the number branch is not filled in yet when the override runs (it
  // is a pipe into String), and its bounds are orIdNumber's anyway.
  const [text] = schema.anyOf as [JsonSchemaNode];
  delete schema.anyOf;
  if (door === 'mcp') {
    Object.assign(schema, text, schema);
    return;
  }
  const { type: _string, ...textRules } = text;
  Object.assign(
    schema,
    { type: ['string', 'integer'] },
    textRules,
    { minimum: 0, maximum: MAX_ID_NUMBER },
    schema,
  );
}

/**
 * z.toJSONSchema's `override` for the published forms of the arguments, the one place they are made: an
 * array without a bound of its own shows the one every argument has, and an id shows what the service takes
 * (`publishedId`).
 */
export function publishedForm(door: PublishedDoor) {
  return (context: { zodSchema: unknown; jsonSchema: JsonSchemaNode }): void => {
    const schema = context.jsonSchema;
    if (schema.type === 'array' && schema.maxItems === undefined) schema.maxItems = MAX_ARRAY_ITEMS;
    if (isIdUnion(context.zodSchema) && Array.isArray(schema.anyOf)) publishedId(schema, door);
  };
}

/**
 * The patterns the JSON Schema shows for checks zod keeps in refinements, so the OpenAPI document and
 * the MCP input schemas refuse what the service refuses. Strings are trimmed before they are checked,
 * hence the optional white space around each.
 */
const MAGIC_IDS = SANDBOX_MAGIC_IDS.join('|');
export const DIGITS_ID_PATTERN = `^\\s*(?:\\d{1,19}|${MAGIC_IDS})\\s*$`;
/**
 * The scheme is case-insensitive for the URL parser, so HTTPS:// is as good as https://; the parser would
 * drop a tab or a line break inside, which the service refuses instead, as every control character.
 */
export const HTTPS_URL_PATTERN = `^\\s*[Hh][Tt][Tt][Pp][Ss]://[^\\s/?#@${CONTROL_RANGES}][^\\s${CONTROL_RANGES}]*\\s*$`;

/**
 * The pattern of trimmed text that is not blank and holds no control character (`excluded`: further
 * characters refused, like "!" in a headline): a character that is neither, then any that are not
 * control characters, ending on one that is not white space either.
 */
export function plainTextPattern(lines: TextLines = 'one line', excluded = ''): string {
  const inside = lines === 'one line' ? CONTROL_RANGES : CONTROL_RANGES_BUT_LINE_BREAKS;
  const edge = `[^\\s${CONTROL_RANGES}${excluded}]`;
  return `^\\s*${edge}(?:[^${inside}${excluded}]*${edge})?\\s*$`;
}

/**
 * A string that holds no control character once trimmed (text on several lines may hold tabs and line
 * breaks): a NUL or an escape sequence never reaches a platform or the database.
 */
export function withoutControlCharacters(schema: z.ZodString, lines: TextLines = 'one line') {
  return schema.refine((value) => controlCharacterIn(value, lines) === undefined, {
    error: (issue) => `must not hold ${controlCharacterIn(String(issue.input), lines)}`,
  });
}

/** JSON Schema for "exactly one of these fields": the form of exactlyOneOf that documents show. */
export function exactlyOneOfSchema(...fields: string[]) {
  return { oneOf: fields.map((field) => ({ required: [field] })) };
}

/** JSON Schema for "at least one of these fields". */
export function anyOfSchema(...fields: string[]) {
  return { anyOf: fields.map((field) => ({ required: [field] })) };
}

/**
 * An update's arguments that must change something: "nothing to change" unless one of the fields is given,
 * checked by the service and stated in the JSON Schema (`anyOf` of required fields).
 */
export function changingOneOf<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  ...fields: string[]
) {
  const list = `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}`;
  return schema
    .superRefine((args, ctx) => {
      if (fields.every((field) => args[field] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `nothing to change: pass at least one of ${list}`,
        });
      }
    })
    .meta(anyOfSchema(...fields));
}

/** JSON Schema for "not both of these fields". */
export function notBothSchema(first: string, second: string) {
  return { not: { required: [first, second] } };
}

/**
 * At most `maxLength` characters as the platforms count them: UTF-16 units, so an emoji or another
 * character beyond the Basic Multilingual Plane counts as two (LinkedIn and Google run on Java strings;
 * the sandboxes count the same way). zod's `max`, kept for the document's `maxLength`, counts code
 * points and alone let 255 emoji through to be refused half way through a create.
 */
export function maxUnits(schema: z.ZodString, maxLength: number) {
  return schema.max(maxLength).refine(
    // zod's own check reports a string that is over in code points too.
    (value) => value.length <= maxLength || [...value].length > maxLength,
    {
      error: (issue) =>
        `must be at most ${maxLength} characters as the platform counts them, an emoji counting as 2 ` +
        `(got ${String(issue.input).length})`,
    },
  );
}

function textOn(lines: TextLines, maxLength: number | undefined, counted: 'utf16' | 'code_points') {
  const base = withoutControlCharacters(z.string().trim().min(1, 'must not be empty'), lines).meta({
    pattern: plainTextPattern(lines),
  });
  if (maxLength === undefined) return base;
  return counted === 'utf16' ? maxUnits(base, maxLength) : base.max(maxLength);
}

/**
 * A trimmed string on one line (a name, a headline); an empty one counts as missing. `counted:
 * 'code_points'` is for a field whose tool applies its platform's own count instead (TikTok's, in
 * campaign-rules.ts).
 */
export function text(maxLength?: number, counted: 'utf16' | 'code_points' = 'utf16') {
  return textOn('one line', maxLength, counted);
}

/** A trimmed string that may run over several lines (the text of a post), with tabs and line breaks. */
export function textOnSeveralLines(maxLength: number) {
  return textOn('several lines', maxLength, 'utf16');
}

const ID_NUMBER_MESSAGE = `as a number, must be a whole number from 0 to ${MAX_ID_NUMBER}; send a larger id as a string of digits`;

/**
 * Ids arrive as JSON numbers from many clients (the MCP inspector, models): a safe whole number is the
 * same id, taken as its digits. The OpenAPI document shows both forms, the MCP tool list the string
 * (`publishedId`).
 */
export function orIdNumber(digits: z.ZodType<string, string>) {
  const union = z.union([
    digits,
    z
      .number({ error: ID_NUMBER_MESSAGE })
      .int({ error: ID_NUMBER_MESSAGE })
      .min(0, { error: ID_NUMBER_MESSAGE })
      .max(MAX_ID_NUMBER, { error: ID_NUMBER_MESSAGE })
      .transform(String),
  ]);
  ID_UNIONS.add(union);
  return union;
}

export function digitsId() {
  return orIdNumber(
    z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .refine(
        (value) => /^\d{1,19}$/.test(value) || (SANDBOX_MAGIC_IDS as readonly string[]).includes(value),
        'must be digits, like 1234567890',
      )
      .meta({ pattern: DIGITS_ID_PATTERN }),
  );
}

/** Digits, or the same id written as a URN of the given type (`urn:li:organization:123`). */
export function digitsOrUrn(urnType: string) {
  const pattern = new RegExp(`^(urn:li:${urnType}:)?\\d{1,19}$`);
  return orIdNumber(
    z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .refine(
        (value) => pattern.test(value) || (SANDBOX_MAGIC_IDS as readonly string[]).includes(value),
        `must be digits or urn:li:${urnType}:<digits>`,
      )
      .meta({ pattern: `^\\s*(?:(?:urn:li:${urnType}:)?\\d{1,19}|${MAGIC_IDS})\\s*$` }),
  );
}

export function urn(type: string) {
  return z
    .string()
    .trim()
    .regex(new RegExp(`^urn:li:${type}:[A-Za-z0-9_-]+$`), `must be a URN like urn:li:${type}:C4E10AQF...`)
    .meta({ pattern: `^\\s*urn:li:${type}:[A-Za-z0-9_-]+\\s*$` });
}

function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '';
}

export function httpsUrl() {
  return withoutControlCharacters(
    z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`),
  )
    .refine(isHttpsUrl, 'must be an absolute https:// URL, like https://example.com/page')
    .meta({ pattern: HTTPS_URL_PATTERN });
}

/** Why a value is not an image URL, in words that say what to pass instead; undefined when it is one. */
function imageUrlProblem(value: string): string | undefined {
  const instead = 'pass an https:// URL the image can be downloaded from';
  if (value === '') return 'must not be empty';
  const control = controlCharacterIn(value);
  if (control) return `must not hold ${control}`;
  if (/^data:/i.test(value)) return `is a data: URL; image data is not accepted, ${instead}`;
  if (value.length >= 64 && /^[A-Za-z0-9+/\s]+={0,2}$/.test(value))
    return `looks like base64 image data; ${instead}`;
  if (/^(file:|\.{0,2}\/|~\/|\\\\|[A-Za-z]:[\\/])/.test(value)) return `is a file path; ${instead}`;
  if (value.length > MAX_URL_LENGTH)
    return `must be at most ${MAX_URL_LENGTH} characters (got ${value.length})`;
  if (!isHttpsUrl(value)) return 'must be an absolute https:// URL, like https://example.com/image.png';
  return undefined;
}

/** An https URL of an image; base64 data, `data:` URLs and file paths get a message of their own. */
export function imageUrl() {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = imageUrlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    })
    .meta({ pattern: HTTPS_URL_PATTERN, maxLength: MAX_URL_LENGTH });
}

/** An object check: exactly one of the fields is given; the issue names the field to fix. */
export function exactlyOneOf(...fields: [string, string, ...string[]]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const [first, second] = fields.filter((field) => value[field] !== undefined);
    const choice = fields.join(' or ');
    if (first === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [fields[0]],
        message: `is required: pass exactly one of ${choice}`,
      });
    } else if (second !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [second],
        message: `cannot be combined with ${first}: pass exactly one of ${choice}`,
      });
    }
  };
}

export const dryRun = z
  .boolean()
  .default(false)
  .describe('Check and show what would be sent, changing nothing (no quota).');

/** The optional account argument of a platform, named as the multi-account rule says. */
export function accountArgument(platform: Platform) {
  const id = withoutControlCharacters(z.string().trim().min(1, 'must not be empty')).meta({
    pattern: plainTextPattern(),
  });
  // Meta's ids are act_<digits>, never a number; the other platforms' are digits.
  return (platform === 'social' ? id : orIdNumber(id))
    .optional()
    .describe('The account, when several are connected (list_connected_accounts).');
}

/** The argument names of a schema, for "accepted fields" in error messages. */
export function fieldNames(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

/** Ad copy must not name the network (config `ADOPS_NETWORK_BANNED_WORDS`). */
export function bannedWordIssues(fields: Array<[string, string | undefined]>, words: string[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [field, value] of fields) {
    if (!value) continue;
    const found = words.find((word) => value.toLowerCase().includes(word.toLowerCase()));
    if (found)
      issues.push({ field, message: `must not contain "${found}": the ad policy forbids the brand name` });
  }
  return issues;
}
