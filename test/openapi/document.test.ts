import { gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/errors.ts';
import { argumentsSchemaName, resultSchemaName } from '../../src/http/openapi-arguments.ts';
import { PLATFORMS } from '../../src/platform-families.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { type Owner, TestService } from '../support/service.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const dialect = TEST_DIALECTS[0] ?? 'sqlite';

describe('the OpenAPI document', () => {
  const probe = probeTool('test_probe');
  let service: TestService;
  let owner: Owner;
  let doc: Record<string, any>;
  let ajv: Ajv2020;

  beforeAll(async () => {
    service = await TestService.start(dialect, { extraTools: [probe.tool] });
    owner = await service.createOwner('max', [...PLATFORMS]);
    const response = await fetch(`${service.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    doc = (await response.json()) as Record<string, any>;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'https://doc.test/openapi.json', components: doc.components });
  });
  afterAll(() => service.stop());

  const validatorFor = (ref: string) => ajv.compile({ $ref: `https://doc.test/openapi.json${ref}` });
  const operation = (name: string) => doc.paths[`/api/v1/tools/${name}/execute`]?.post;

  it('is OpenAPI 3.1 version 1.0.0, served without a key, compressed on request', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    // undici's request keeps the bytes as sent, to see that they really are gzip.
    const raw = await request(`${service.url}/api/v1/openapi.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await raw.body.arrayBuffer())).toString())).toEqual(doc);
  });

  it('has one operation per tool the server serves, fixture tools included, named after it', () => {
    const served = [...ALL_TOOLS.map((t) => t.name), 'test_probe'].sort();
    expect(Object.keys(doc.paths).sort()).toEqual(
      served.map((name) => `/api/v1/tools/${name}/execute`).sort(),
    );
    for (const name of served) {
      expect(Object.keys(doc.paths[`/api/v1/tools/${name}/execute`])).toEqual(['post']);
      expect(operation(name).operationId).toBe(name);
    }
  });

  it('describes the arguments with their required fields, enums, limits and descriptions', () => {
    const headlines = doc.components.schemas.UpdateAdHeadlinesArguments;
    expect(operation('update_ad_headlines').requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        arguments: { $ref: '#/components/schemas/UpdateAdHeadlinesArguments' },
        idempotency_key: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
      required: ['arguments'],
    });
    expect(headlines.required).toEqual(['ad_group_id', 'ad_id', 'headlines']);
    expect(headlines.properties.headlines).toMatchObject({ minItems: 3, maxItems: 15 });
    expect(headlines.properties.headlines.items).toMatchObject({ maxLength: 30 });
    const carousel = doc.components.schemas.AddNetworkCarouselCreativeArguments;
    expect(carousel.properties.cards).toMatchObject({ minItems: 2, maxItems: 10 });
    expect(carousel.properties.introductory_text.maxLength).toBe(255);
    expect(carousel.properties.call_to_action).toMatchObject({ default: 'LEARN_MORE' });
    expect(carousel.properties.call_to_action.enum).toContain('SIGN_UP');
    expect(doc.components.schemas.DiscoverExistingAssetsArguments.properties.asset_types.items.enum).toEqual([
      'images',
      'sitelinks',
      'callouts',
      'structured_snippets',
    ]);
    for (const t of ALL_TOOLS) {
      const schema = doc.components.schemas[argumentsSchemaName(t.name)];
      expect(schema.additionalProperties, t.name).toBe(false);
      for (const [field, property] of Object.entries<any>(schema.properties)) {
        expect(property.description, `${t.name}.${field}`).toMatch(/\w{3,}/);
      }
    }
  });

  it("accepts each tool's example and refuses what the service refuses", async () => {
    for (const t of ALL_TOOLS) {
      const validate = validatorFor(`#/components/schemas/${argumentsSchemaName(t.name)}`);
      expect(validate(t.example), `${t.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(operation(t.name).requestBody.content['application/json'].example).toEqual({
        arguments: t.example,
      });
      const mutations: Array<[string, Record<string, unknown>]> = [
        ['an unknown field', { ...t.example, not_a_field: 1 }],
        ...(doc.components.schemas[argumentsSchemaName(t.name)].required ?? []).map((field: string) => {
          const { [field]: _dropped, ...rest } = t.example as Record<string, unknown>;
          return [`no ${field}`, rest] as [string, Record<string, unknown>];
        }),
      ];
      for (const [label, args] of mutations) {
        expect(validate(args), `${t.name} with ${label}`).toBe(false);
        const { status, body } = await service.call(t.name, args, { key: owner.key });
        expect([status, body.code], `${t.name} with ${label}`).toEqual([400, 'invalid_arguments']);
      }
    }
  });

  it('lists every status a tool can answer, each with a valid example', () => {
    for (const t of [...ALL_TOOLS, probe.tool]) {
      const responses = operation(t.name).responses;
      const statuses = Object.keys(responses).map(Number);
      expect(statuses.includes(402), t.name).toBe(t.billable);
      expect(statuses).toEqual(expect.arrayContaining([200, 400, 401, 404, 409, 413, 415, 422, 429, 500]));
      for (const [status, response] of Object.entries<any>(responses)) {
        const media = response.content['application/json'];
        // A 200 of a tool with an output schema shows that schema rather than a made-up answer.
        if (status === '200' && t.output) {
          expect(media.example, t.name).toBeUndefined();
          const structured = media.schema.allOf[1].properties.data.properties.structured.$ref;
          expect(structured, t.name).toBe(`#/components/schemas/${resultSchemaName(t.name)}`);
          expect(doc.components.schemas[resultSchemaName(t.name)], t.name).toBeDefined();
          continue;
        }
        const examples =
          media.example !== undefined
            ? [media.example]
            : Object.values<any>(media.examples).map((e) => e.value);
        expect(examples.length, `${t.name} ${status}`).toBeGreaterThan(0);
        const validate = validatorFor(media.schema.$ref);
        for (const example of examples) {
          expect(validate(example), `${t.name} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
          expect(example.tool).toBe(t.name);
        }
        expect(response.headers['X-Request-Id']).toEqual({ $ref: '#/components/headers/XRequestId' });
      }
      expect(responses['429'].headers['Retry-After']).toBeDefined();
    }
  });

  it('enumerates the error codes of each status from the closed list', () => {
    const codes = (status: number) =>
      Object.keys(ERROR_STATUS).filter((c) => ERROR_STATUS[c as keyof typeof ERROR_STATUS] === status);
    for (const status of [400, 401, 402, 404, 409, 413, 415, 422, 429, 500]) {
      expect(doc.components.schemas[`Error${status}`].properties.code.enum).toEqual(codes(status));
    }
    expect(doc.components.schemas.ErrorCode.enum).toEqual(Object.keys(ERROR_STATUS));
    expect(doc.components.schemas.Error402.required).toEqual(['quota']);
  });

  it('declares the bearer key, the Idempotency-Key header and the nature of each tool', () => {
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.ApiKey.description).toContain('sk_live_');
    expect(doc.security).toEqual([{ ApiKey: [] }]);
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    for (const t of ALL_TOOLS) {
      const op = operation(t.name);
      expect(op.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
      expect(op['x-read-only'], t.name).toBe(t.annotations.readOnlyHint);
      expect(op['x-billable'], t.name).toBe(t.billable);
      // The short description MCP lists, then the whole guidance written for models beside it.
      expect(op['x-llm-guidance'] ?? op.description, t.name).toBe(t.guidance ?? t.description);
      expect(t.description.startsWith(op.description), t.name).toBe(true);
    }
    expect(operation('discover_existing_assets')['x-read-only']).toBe(true);
    expect(operation('create_network_image_campaign')['x-read-only']).toBe(false);
    expect(operation('get_usage_status')['x-billable']).toBe(false);
  });

  it('names this deployment as the server: the console URL while ADOPS_PUBLIC_URL is unset', () => {
    expect(service.services.config.publicUrl).toBe(service.services.config.appUrl);
    expect(doc.servers).toEqual([{ url: service.services.config.appUrl, description: 'This deployment' }]);
  });

  it('keeps the unknown-route envelope for other paths', async () => {
    const response = await fetch(`${service.url}/api/v1/openapi.yaml`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});
