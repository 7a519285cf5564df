import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingSentences } from '../../src/http/openapi-description.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';

const dialect = TEST_DIALECTS[0] ?? 'sqlite';

// The limits ChatGPT Actions put on an imported document (developers.openai.com/api/docs/actions/production):
// written out here rather than imported, so that a change to the service's own constant cannot hide a breach.
const OPERATION_TEXT_MAX = 300;
const PARAMETER_DESCRIPTION_MAX = 700;
const OPERATIONS_MAX = 30;

type Doc = Record<string, any>;

function operations(doc: Doc): [string, Record<string, any>][] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Record<string, any>] => [`${method} ${path}`, op]),
  );
}

function resolve(doc: Doc, node: Record<string, any>): Record<string, any> {
  if (typeof node.$ref !== 'string') return node;
  const target = (node.$ref as string)
    .replace(/^#\//, '')
    .split('/')
    .reduce((at: any, key) => at?.[key], doc);
  return resolve(doc, target);
}

/** Every `description` in a schema and the schemas it refers to, with where it is. */
function schemaDescriptions(
  doc: Doc,
  schema: unknown,
  at: string,
  seen = new Set<unknown>(),
): [string, string][] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Record<string, any>;
  if (typeof node.$ref === 'string') return schemaDescriptions(doc, resolve(doc, node), node.$ref, seen);
  const own: [string, string][] = typeof node.description === 'string' ? [[at, node.description]] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) =>
      key === 'description' ? [] : schemaDescriptions(doc, value, `${at}/${key}`, seen),
    ),
  ];
}

describe('the OpenAPI document as a ChatGPT Action imports it', () => {
  let service: TestService;
  let doc: Doc;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_PUBLIC_URL: 'https://api.adops.example/' } });
    doc = (await (await fetch(`${service.url}/api/v1/openapi.json`)).json()) as Doc;
  });
  afterAll(() => service.stop());

  it('names the public https URL as its only server, not the console URL', () => {
    expect(doc.servers).toHaveLength(1);
    expect(doc.servers[0].url).toBe('https://api.adops.example');
    expect(doc.servers[0].url).not.toBe(service.services.config.appUrl);
  });

  it(`for one platform (?platforms=), has at most ${OPERATIONS_MAX} operations, each with its own operationId`, async () => {
    for (const pair of ['search', 'network', 'social', 'video']) {
      const response = await fetch(`${service.url}/api/v1/openapi.json?platforms=${pair}`);
      const ops = operations((await response.json()) as Doc);
      expect(ops.length, pair).toBeGreaterThan(0);
      expect(ops.length, pair).toBeLessThanOrEqual(OPERATIONS_MAX);
      const ids = ops.map(([, op]) => op.operationId);
      for (const [where, op] of ops) expect(op.operationId, where).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(new Set(ids).size).toBe(ids.length);
      // The tools of no platform (diagnostics, overview, monitors) are in each; no other platform's.
      const tools = ops.map(([, op]) => ALL_TOOLS.find((tool) => tool.name === op.operationId));
      expect(tools.every((tool) => !tool?.platform || pair.split(',').includes(tool.platform))).toBe(true);
      expect(tools.filter((tool) => !tool?.platform)).toHaveLength(
        ALL_TOOLS.filter((tool) => !tool.platform).length,
      );
    }
    const refused = await fetch(`${service.url}/api/v1/openapi.json?platforms=search,tv`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Doc).error).toMatch(/platforms must list some of search/);
  });

  it(`keeps summaries and descriptions of operations within ${OPERATION_TEXT_MAX} characters, on a sentence`, () => {
    for (const [where, op] of operations(doc)) {
      expect(op.summary, where).toMatch(/\S/);
      expect(op.summary.length, where).toBeLessThanOrEqual(OPERATION_TEXT_MAX);
      expect(op.description.length, where).toBeLessThanOrEqual(OPERATION_TEXT_MAX);
      // Whole sentences: a description cut in the middle would mislead the model that reads it.
      expect(op.description, where).toMatch(/[.!?]$/);
    }
  });

  it('keeps the whole guidance for models beside the short description, where Actions do not read it', () => {
    const guided = operations(doc).filter(([, op]) => op['x-llm-guidance'] !== undefined);
    expect(guided.length).toBeGreaterThan(0);
    for (const [where, op] of guided) {
      expect(op['x-llm-guidance'].length, where).toBeGreaterThan(op.description.length);
    }
    const tool = ALL_TOOLS.find((t) => t.name === 'update_video_campaign');
    const op = doc.paths['/api/v1/tools/update_video_campaign/execute'].post;
    expect(op.description).toBe(tool?.description);
    expect(op['x-llm-guidance']).toBe(tool?.guidance);
  });

  it(`keeps parameter and request body field descriptions within ${PARAMETER_DESCRIPTION_MAX} characters`, () => {
    let checked = 0;
    for (const [where, op] of operations(doc)) {
      for (const parameter of op.parameters ?? []) {
        const resolved = resolve(doc, parameter);
        expect(resolved.description.length, `${where} ${resolved.name}`).toBeLessThanOrEqual(
          PARAMETER_DESCRIPTION_MAX,
        );
        checked += 1;
      }
      const body = op.requestBody.content['application/json'].schema;
      for (const [at, description] of schemaDescriptions(doc, body, where)) {
        expect(description.length, at).toBeLessThanOrEqual(PARAMETER_DESCRIPTION_MAX);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('needs no custom header: the idempotency key may travel in the body', () => {
    for (const [where, op] of operations(doc)) {
      const required = (op.parameters ?? []).map((p: Record<string, any>) => resolve(doc, p));
      expect(
        required.filter((p: Record<string, any>) => p.in === 'header' && p.required),
        where,
      ).toEqual([]);
      const body = op.requestBody.content['application/json'].schema;
      expect(body.properties.idempotency_key, where).toMatchObject({ type: 'string', format: 'uuid' });
    }
  });

  it('authenticates with one bearer scheme, which Actions fill in as API Key, Auth Type Bearer', () => {
    const schemes = Object.values(doc.components.securitySchemes as Record<string, Record<string, any>>);
    expect(schemes).toHaveLength(1);
    expect(schemes[0]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ [Object.keys(doc.components.securitySchemes)[0] as string]: [] }]);
  });

  it('marks every write as consequential, so ChatGPT asks before it runs', () => {
    for (const t of ALL_TOOLS) {
      const op = doc.paths[`/api/v1/tools/${t.name}/execute`].post;
      expect(op['x-openai-isConsequential'], t.name).toBe(!t.annotations.readOnlyHint);
    }
  });
});

describe('leading sentences', () => {
  it('ends on the last sentence that fits, and cuts a first sentence that does not at a word', () => {
    const text = 'One two. Three four five (e.g. SIX seven). Eight nine ten eleven.';
    expect(leadingSentences(text, 100)).toBe(text);
    expect(leadingSentences(text, 45)).toBe('One two. Three four five (e.g. SIX seven).');
    expect(leadingSentences(text, 20)).toBe('One two.');
    expect(leadingSentences('Alpha beta gamma delta, epsilon.', 25)).toBe('Alpha beta gamma delta…');
    expect(leadingSentences('Alpha beta gamma delta, epsilon.', 25).length).toBeLessThanOrEqual(25);
  });
});
