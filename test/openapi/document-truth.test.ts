import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { AppError } from '../../src/errors.ts';
import { buildOpenApiDocument, executePath } from '../../src/http/openapi.ts';
import { argumentsSchema } from '../../src/http/openapi-arguments.ts';
import { invalidArgumentsExample } from '../../src/http/openapi-examples.ts';
import { mcpToolList } from '../../src/mcp/tool-list.ts';
import { validateArguments } from '../../src/pipeline/validate-arguments.ts';
import { ALL_TOOLS, createRegistry } from '../../src/tools/registry.ts';
import type { FieldIssue, Tool } from '../../src/tools/tool.ts';

// ajv-formats is CommonJS whose default export is the module object under Node's ESM interop.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Json = Record<string, any>;

// Before every date the probes use, so "not in the past" holds; the period's "not in the future" is
// checked when the tool runs, not by validation.
const NOW = new Date('2020-01-01T12:00:00Z');
const config = loadConfig({});

/**
 * The rules the service checks that JSON Schema cannot state: sums and comparisons across fields, and
 * the set of ISO 4217 codes. Only these may make the service refuse what the document allows, and the
 * probes are chosen to reach few of them.
 */
const SERVER_ONLY_RULES: Array<{ field: string; message: RegExp }> = [
  { field: 'total_budget', message: /must be at least daily_budget/ },
  { field: 'end_date', message: /must be on or after start_date|makes a period of|must be after/ },
  { field: 'currency', message: /must be an ISO 4217 currency code/ },
];

/** Values tried in each string field: each is allowed or refused, by both the document and the server. */
const STRING_PROBES = [
  '',
  '   ',
  'Plain words',
  'Great deal!',
  '2026-02-30',
  '2099-01-01',
  '2099-12-31',
  'http://example.com/page',
  'https://example.com/page',
  'HTTPS://example.com/page',
  'https://',
  '1234567890',
  '12345678901234567890',
  ' 1234567890 ',
  // Short: maxLength counts the white space around a value, which the service trims before it counts.
  '\t https://example.com/p\n',
  ' urn:li:image:C4E10AQF9 ',
  ' us ',
  'Example.COM',
  'example.com',
  ' 2099-01-01 ',
  'sandbox_slow',
  'sandbox_unknown',
  'urn:li:organization:123',
  'urn:li:image:C4E10AQF9',
  'urn:li:geo:103644278',
  'EUR',
  'EURO',
  'US',
  'en',
  'data:image/png;base64,AAAA',
  '../image.png',
  'x'.repeat(2001),
  // Control characters: refused everywhere, but tabs and line breaks inside the text of a post.
  'Plain\u0000words',
  'Two\nlines',
  'Tab\there',
  '\u001b[31mred',
  'https://example.com/p\u0000',
  'urn:li:ageRange:(25,34)\u0007',
];
const NUMBER_PROBES = [0, -1, 1, 1.5, 9.99, 10, 49, 50, 500, 501, 1000, 100_000_000, 100_000_001];
/** Numbers tried in an id (a string or an integer): the integer form's bounds, and past them. */
const ID_NUMBER_PROBES = [0, -1, 1.5, 1_234_567_890, 2 ** 53 - 1, 2 ** 53];
const OTHER_PROBES = [true, false, null, 'yes', 7, [], {}];

function probesFor(schema: Json | undefined): unknown[] {
  const types = new Set<string>();
  const collect = (node: Json | undefined) => {
    if (!node) return;
    // An id is a string or an integer: `type: ['string', 'integer']`.
    for (const type of [node.type ?? []].flat()) types.add(type);
    if (node.enum) for (const value of node.enum) types.add(typeof value);
    for (const branch of node.anyOf ?? []) collect(branch);
  };
  collect(schema);
  const probes: unknown[] = [...OTHER_PROBES];
  if (types.has('string')) probes.push(...STRING_PROBES, ...(schema?.enum ?? []));
  if (types.has('string') && types.has('integer')) probes.push(...ID_NUMBER_PROBES);
  else if (types.has('number') || types.has('integer')) probes.push(...NUMBER_PROBES);
  return probes;
}

/** The schema of a value at a property, looking through anyOf (nullable) wrappers. */
function propertySchema(schema: Json | undefined, key: string): Json | undefined {
  if (!schema) return undefined;
  if (schema.properties?.[key]) return schema.properties[key];
  for (const branch of schema.anyOf ?? []) {
    const found = propertySchema(branch, key);
    if (found) return found;
  }
  return undefined;
}

/**
 * Requests made from the document: the tool's example, then each change of one place in it: a required
 * field dropped, a field added or replaced by each probe of its type, an unknown field added, an array
 * emptied, its first item repeated or replaced, and the same inside nested objects (carousel cards).
 */
function variants(value: unknown, schema: Json | undefined, depth = 0): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(value)) {
    out.push([], [...value, value[0]], value.slice(1));
    for (const item of variants(value[0], schema?.items, depth + 1)) out.push([item, ...value.slice(1)]);
    return out;
  }
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    out.push({ ...object, unknown_field: 'x' });
    const keys = Object.keys(schema?.properties ?? {});
    for (const key of keys) {
      const { [key]: _dropped, ...rest } = object;
      if (key in object) out.push(rest);
      const sub = propertySchema(schema, key);
      const replacements =
        key in object && depth < 3 ? [...variants(object[key], sub, depth + 1)] : probesFor(sub);
      for (const replacement of replacements) out.push({ ...rest, [key]: replacement });
      if (sub?.type === 'array' && !(key in object)) {
        for (const item of probesFor(sub.items)) out.push({ ...rest, [key]: [item] });
        for (const item of sub.items?.enum ?? []) out.push({ ...rest, [key]: [item, item] });
      }
    }
    return out;
  }
  return probesFor(schema);
}

/**
 * The same request with the other member of each exactly-one-of pair, so both sides of a oneOf are tried,
 * and with both dates where the tool takes them.
 */
function swaps(example: Record<string, unknown>, dates: boolean): Record<string, unknown>[] {
  const pairs: Array<[string, unknown]> = [
    ['asset_bundle_id', 'bundle_1'],
    ['video_url', 'https://example.com/video.mp4'],
    ['campaign_group_id', '6123456'],
  ];
  const others: Record<string, string> = {
    asset_bundle_id: 'image_urn',
    video_url: 'video_urn',
    campaign_group_id: 'campaign_group_name',
  };
  const swapped = pairs.flatMap(([field, value]) => {
    const other = others[field] as string;
    if (!(other in example)) return [];
    const { [other]: _other, ...rest } = example;
    return [{ ...rest, [field]: value }];
  });
  // The two dates instead of a named period, so each date is probed beside the other.
  const { date_range: _range, ...undated } = example;
  const dated = dates ? [{ ...undated, start_date: '2099-01-01', end_date: '2099-12-31' }] : [];
  return [...swapped, ...dated];
}

/** One valid request per ad type of add_network_campaign_to_group, to reach each branch of its if/then. */
function adTypeRequests(tool: Tool): Record<string, unknown>[] {
  if (tool.name !== 'add_network_campaign_to_group') return [];
  const {
    ad_type: _type,
    introductory_text: _intro,
    headline: _headline,
    image_urn: _image,
    ...campaign
  } = tool.example as Record<string, unknown>;
  const cards = [
    { image_urn: 'urn:li:image:C4E10AQF1', headline: 'Starter', landing_page_url: 'https://example.com/a' },
    { image_url: 'https://example.com/b.png', headline: 'Team', landing_page_url: 'https://example.com/b' },
  ];
  return [
    {
      ...campaign,
      ad_type: 'video',
      introductory_text: 'Watch',
      headline: 'Demo',
      video_urn: 'urn:li:video:C5',
    },
    { ...campaign, ad_type: 'carousel', introductory_text: 'Pick', cards },
    { ...campaign, ad_type: 'carousel', introductory_text: 'x'.repeat(256), cards },
    { ...campaign, ad_type: 'carousel', introductory_text: 'Pick', cards, objective: 'VIDEO_VIEW' },
    { ...campaign, ad_type: 'text', text_headline: 'Plans', text_description: 'Tools for teams' },
    {
      ...campaign,
      ad_type: 'text',
      text_headline: 'Plans',
      text_description: 'Tools',
      call_to_action: 'JOIN',
    },
    { ...campaign, ad_type: 'text', text_headline: 'Plans', text_description: 'Tools', headline: 'Extra' },
    { ...campaign, ad_type: 'text', text_headline: 'Plans' },
  ];
}

function serverVerdict(tool: Tool, args: unknown): { accepted: boolean; issues: FieldIssue[] } {
  try {
    validateArguments(tool, args, config, NOW);
    return { accepted: true, issues: [] };
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_arguments') {
      return { accepted: false, issues: error.options.structuredContent?.issues as FieldIssue[] };
    }
    throw error;
  }
}

function openApiValidator(tool: Tool): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(argumentsSchema(tool));
}

function mcpValidator(tool: Tool): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const [listed] = mcpToolList(createRegistry([tool]), 'spend');
  return ajv.compile(listed?.inputSchema as Json);
}

/** Whether the document shows an id: a string or a JSON integer (src/tools/arguments.ts, publishedId). */
function isDocumentedId(schema: Json | undefined): boolean {
  return Array.isArray(schema?.type) && schema.type.includes('string') && schema.type.includes('integer');
}

/**
 * The request as the MCP tool list shows it, for the one thing that list leaves out: an id the document
 * shows as a string or an integer is listed as a string (its byte budget), so each integer in such a place
 * is written as its digits. Nothing else is changed.
 */
function idsAsListed(value: unknown, schema: Json | undefined): unknown {
  if (Number.isInteger(value) && isDocumentedId(schema)) return String(value);
  if (Array.isArray(value)) return value.map((item) => idsAsListed(item, schema?.items));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, idsAsListed(item, propertySchema(schema, key))]),
    );
  }
  return value;
}

function requestsOf(tool: Tool): unknown[] {
  const example = tool.example as Record<string, unknown>;
  const schema = argumentsSchema(tool);
  const properties = (schema.properties ?? {}) as Json;
  const dates = 'start_date' in properties && 'end_date' in properties;
  const bases = [example, ...swaps(example, dates), ...adTypeRequests(tool)];
  const requests = bases.flatMap((base) => [base, ...variants(base, schema)]);
  const seen = new Set<string>();
  return requests.filter((request) => {
    const key = JSON.stringify(request);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('the OpenAPI document says what the service checks', () => {
  it.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s: every generated request is allowed by the document exactly when the service accepts it',
    (_name, tool) => {
      const openApi = openApiValidator(tool);
      const mcp = mcpValidator(tool);
      const documentSchema = argumentsSchema(tool);
      const disagreements: string[] = [];
      let accepted = 0;
      let refused = 0;
      for (const request of requestsOf(tool)) {
        const documented = openApi(request);
        const server = serverVerdict(tool, request);
        const shown = JSON.stringify(request).slice(0, 300);
        // The MCP schema leaves rules across fields and long patterns to the service: it may allow more
        // than the service accepts, never less, but for one exception: an id it lists as a string only,
        // which the service (and the document) take as a JSON integer too.
        if (server.accepted && !mcp(idsAsListed(request, documentSchema))) {
          disagreements.push(`MCP schema refuses, service accepts: ${shown}`);
        }
        if (server.accepted) accepted++;
        else refused++;
        if (documented === server.accepted) continue;
        const serverOnly =
          documented &&
          server.issues.every((issue) =>
            SERVER_ONLY_RULES.some((rule) => rule.field === issue.field && rule.message.test(issue.message)),
          );
        if (serverOnly) continue;
        disagreements.push(
          documented
            ? `document allows, service refuses (${JSON.stringify(server.issues)}): ${shown}`
            : `document forbids (${JSON.stringify(openApi.errors?.slice(0, 3))}), service accepts: ${shown}`,
        );
      }
      expect(disagreements.slice(0, 15)).toEqual([]);
      // The generator reaches both sides, or the equivalence above says little.
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});

describe('the MCP tool list and the document differ on ids only', () => {
  /** Each place the document shows an id, with the MCP list's schema for the same place. */
  function idPairs(
    document: Json | undefined,
    listed: Json | undefined,
    path: string,
  ): Array<[string, Json | undefined]> {
    if (!document) return [];
    if (isDocumentedId(document)) return [[path, listed]];
    const pairs = Object.keys(document.properties ?? {}).flatMap((key) =>
      idPairs(propertySchema(document, key), propertySchema(listed, key), `${path}.${key}`),
    );
    return document.items ? [...pairs, ...idPairs(document.items, listed?.items, `${path}[]`)] : pairs;
  }

  // The exception idsAsListed makes, stated: the list shows each such id as a string, and nothing else is
  // taken out. Once the list carries the integer form too, this fails and the exception goes.
  it('every id the document shows as a string or an integer, the MCP list shows as a string', () => {
    const pairs = ALL_TOOLS.flatMap((tool) => {
      const [listed] = mcpToolList(createRegistry([tool]), 'spend');
      return idPairs(argumentsSchema(tool), listed?.inputSchema as Json, tool.name);
    });
    expect(pairs.length).toBeGreaterThan(80);
    for (const [path, schema] of pairs)
      expect({ path, type: schema?.type, anyOf: schema?.anyOf }).toEqual({
        path,
        type: 'string',
        anyOf: undefined,
      });
  });
});

describe("each operation's 400 example is its own", () => {
  it.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s: the example names its fields and is what the service answers',
    (_name, tool) => {
      const example = invalidArgumentsExample(tool);
      const server = serverVerdict(tool, example.arguments);
      expect(server.accepted).toBe(false);
      expect(server.issues).toEqual(example.issues);
      const accepted = Object.keys(argumentsSchema(tool).properties ?? {});
      expect(example.accepted).toEqual(accepted);
      if (example.issues[0]?.message === 'is required') expect(accepted).toContain(example.issues[0].field);
    },
  );

  it("the document's 400 invalid_arguments example of each operation names that tool and its fields", () => {
    const document = buildOpenApiDocument(ALL_TOOLS, 'https://adops.test') as Json;
    const shown = new Set<string>();
    for (const tool of ALL_TOOLS) {
      const examples = document.paths[executePath(tool.name)].post.responses['400'].content[
        'application/json'
      ].examples as Json;
      const value = examples.invalid_arguments.value;
      expect(value.tool).toBe(tool.name);
      expect(value.error).toContain(`Invalid arguments for ${tool.name}: `);
      expect(value.structured_content.accepted_fields).toEqual(invalidArgumentsExample(tool).accepted);
      expect(value.structured_content.issues).toEqual(invalidArgumentsExample(tool).issues);
      shown.add(JSON.stringify(value.structured_content));
    }
    // No longer one example shared by every operation: tools with other fields have other examples.
    const fieldLists = new Set(
      ALL_TOOLS.map((tool) => JSON.stringify(invalidArgumentsExample(tool).accepted)),
    );
    expect(shown.size).toBe(fieldLists.size);
  });
});
