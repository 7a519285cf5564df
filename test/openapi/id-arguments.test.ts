import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { type Owner, TestService } from '../support/service.ts';

// ajv-formats is CommonJS whose default export is the module object under Node's ESM interop.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Json = Record<string, any>;

const MAX_ID_NUMBER = 2 ** 53 - 1;
/** Whole numbers an id may be sent as, when the document says it may. */
const INTEGERS = [1_234_567_890, 0, MAX_ID_NUMBER];
/** Never an id: not whole, negative, past what a JSON number carries exactly. */
const NEVER = [1.5, -1, 2 ** 53];
/** Strings tried for an id with no value in the examples, the first the document allows being kept. */
const STRINGS = ['1234567890', 'urn:li:sponsoredCampaign:1234567890', 'act_1234567890'];

/** Where an id goes in a tool's arguments: property names, 0 for "the first item of this array". */
type Path = Array<string | 0>;

interface IdPlace {
  tool: string;
  path: Path;
  schema: Json;
}

function shown(path: Path): string {
  return path.map((part, index) => (part === 0 ? '[0]' : index === 0 ? part : `.${part}`)).join('');
}

/**
 * The id arguments of a tool's published arguments schema: each property named like one (`*_id`, `*_ids`,
 * whatever the document says of it) and each the document shows as a string or an integer (whatever its
 * name), at any depth; an array of ids by its items.
 */
function idPlaces(tool: string, schema: Json, path: Path = []): IdPlace[] {
  const places: IdPlace[] = [];
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    const here = [...path, key];
    const idLike = (node: Json) =>
      /_ids?$/.test(key) ||
      (Array.isArray(node.type) && node.type.includes('string') && node.type.includes('integer'));
    if (property.type === 'array' && property.items) {
      if (idLike(property.items)) places.push({ tool, path: [...here, 0], schema: property.items });
      places.push(...idPlaces(tool, property.items, [...here, 0]));
    } else if (idLike(property)) {
      places.push({ tool, path: here, schema: property });
    } else {
      places.push(...idPlaces(tool, property, here));
    }
  }
  return places;
}

function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const part of path) at = (at as Record<string | number, unknown> | undefined)?.[part];
  return at;
}

/** The arguments with `value` at the path; an array on the way becomes that one item. */
function withValue(base: Json, path: Path, value: unknown): Json {
  const [head, ...rest] = path;
  if (head === undefined) return value as Json;
  if (head === 0) {
    const first = (Array.isArray(base) ? base[0] : undefined) ?? {};
    return [rest.length === 0 ? value : withValue(first as Json, rest, value)] as unknown as Json;
  }
  const inner =
    rest.length === 0 ? value : withValue((base?.[head] ?? (rest[0] === 0 ? [] : {})) as Json, rest, value);
  return { ...base, [head]: inner };
}

/**
 * Every id argument of every tool, generated from the published OpenAPI document: each is sent as a string
 * the document allows, as whole numbers, and as 1.5, -1 and 2^53, over REST and MCP, and the service
 * refuses it as an invalid argument exactly when the document does. The caller has no account and no quota
 * left, so a call the arguments let through stops at the account or the quota (get_approval, which is
 * free, looks up an approval that does not exist): nothing is changed.
 */
describe('ids: the service takes exactly what the published document says', () => {
  let service: TestService;
  let owner: Owner;
  let mcp: Client;
  let document: Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  beforeAll(async () => {
    service = await TestService.start('sqlite', {
      env: { ADOPS_TIER_LIMITS: 'free=0,plus=150,pro=600,max=3000' },
    });
    owner = await service.createOwner('free');
    mcp = await connectOverHttp(service.url, owner.key);
    document = (await (await fetch(`${service.url}/api/v1/openapi.json`)).json()) as Json;
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  /** The operation of a tool: its arguments schema and its example, as the document gives them. */
  function operation(tool: string): { schema: Json; example: Json } {
    const content =
      document.paths[`/api/v1/tools/${tool}/execute`].post.requestBody.content['application/json'];
    const ref = content.schema.properties.arguments.$ref as string;
    return {
      schema: document.components.schemas[ref.split('/').at(-1) ?? ''],
      example: content.example.arguments,
    };
  }

  /** Whether the service refuses the arguments as invalid, naming the field; on both doors alike. */
  async function refusedAsInvalid(tool: string, args: Json, field: string): Promise<boolean> {
    const [rest, listed] = await Promise.all([
      service.call(tool, args, { key: owner.key }),
      callTool(mcp, { name: tool, arguments: args }),
    ]);
    const restRefused = rest.status === 400 && rest.body.code === 'invalid_arguments';
    if (restRefused) {
      const fields = (rest.body.structured_content.issues as Array<{ field: string }>).map((i) => i.field);
      expect(fields, `${tool} ${JSON.stringify(args)}`).toContainEqual(
        expect.stringMatching(`^${field.split('[')[0]}`),
      );
    }
    const mcpRefused = listed.isError === true && listed._meta?.['adops/code'] === 'invalid_arguments';
    expect(mcpRefused, `MCP and REST differ on ${tool} ${JSON.stringify(args)}`).toBe(restRefused);
    return restRefused;
  }

  /**
   * A string and arguments around it that the document allows: the example as it is, less one field (for
   * an id that excludes another) or empty, with the example's own id, another tool's for the same field,
   * or one of STRINGS.
   */
  function allowedBase(place: IdPlace, example: Json, documented: ValidateFunction) {
    const strings = [
      valueAt(example, place.path),
      ...ALL_TOOLS.map((tool) => valueAt(operation(tool.name).example, place.path)),
      ...STRINGS,
    ].filter((value): value is string => typeof value === 'string');
    const bases = [
      example,
      ...Object.keys(example).map((key) => {
        const { [key]: _left, ...rest } = example;
        return rest;
      }),
      {},
    ];
    return bases
      .flatMap((base) => strings.map((value) => ({ base, value })))
      .find(({ base, value }) => documented(withValue(base, place.path, value)));
  }

  it.each(ALL_TOOLS.map((tool) => tool.name))(
    '%s: each id as the document says: a string, integers; never 1.5, -1 or 2^53',
    async (tool) => {
      const { schema, example } = operation(tool);
      const documented = ajv.compile(schema);
      const disagreements: string[] = [];
      for (const place of idPlaces(tool, schema)) {
        const name = shown(place.path);
        const chosen = allowedBase(place, example, documented);
        if (!chosen) {
          disagreements.push(`${name}: no string the document allows`);
          continue;
        }
        const values = [...new Set([chosen.value, '1234567890', ...INTEGERS, ...NEVER])];
        const verdicts = await Promise.all(
          values.map(async (value) => {
            const args = withValue(chosen.base, place.path, value);
            return {
              value,
              allowed: documented(args),
              accepted: !(await refusedAsInvalid(tool, args, name)),
            };
          }),
        );
        for (const { value, allowed, accepted } of verdicts) {
          const shownValue = `${name} = ${JSON.stringify(value)}`;
          if (allowed !== accepted) {
            disagreements.push(
              `${shownValue}: the document ${allowed ? 'allows' : 'refuses'} it, the service ${accepted ? 'accepts' : 'refuses'} it`,
            );
          }
          if (NEVER.includes(value as number) && (allowed || accepted)) {
            disagreements.push(`${shownValue}: must be refused by both`);
          }
        }
      }
      expect(disagreements).toEqual([]);
    },
  );

  it('the document shows about ninety id arguments, nearly all of them as a string or an integer', () => {
    const places = ALL_TOOLS.flatMap((tool) => idPlaces(tool.name, operation(tool.name).schema));
    const integers = places.filter((place) => [place.schema.type].flat().includes('integer'));
    expect(places.length).toBeGreaterThan(90);
    expect(integers.length).toBeGreaterThan(80);
    // Those it shows as strings only are not digits: the monitors', approvals' and bundles' own ids,
    // and Meta's act_<digits> accounts.
    const strings = places.filter((place) => !integers.includes(place));
    expect(new Set(strings.map((place) => shown(place.path)))).toEqual(
      new Set(['approval_id', 'monitor_id', 'asset_bundle_id', 'ad_account_id']),
    );
  });
});
