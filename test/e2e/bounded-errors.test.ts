import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/http/openapi.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { type Owner, TestService } from '../support/service.ts';

/** A body of many bad items is answered in bounded size: the error never multiplies the request. */
describe('the size of an invalid_arguments answer', () => {
  let service: TestService;
  let owner: Owner;
  beforeAll(async () => {
    service = await TestService.start('sqlite');
    owner = await service.createOwner('pro', ['search']);
  });
  afterAll(() => service.stop());

  const call = (args: Record<string, unknown>) =>
    service.call('discover_existing_assets', args, { key: owner.key });

  it('answers at most 20 issues and the accepted fields once, however many the body holds', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`field_${i}`, i]));
    const { status, body } = await call({ asset_types: ['sitelinks'], ...unknown });
    expect(status).toBe(400);
    expect(body.structured_content.issues).toHaveLength(20);
    expect(body.structured_content.omitted_issues).toBe(130);
    expect(body.error).toContain('; and 130 more issue(s) like these: fix these first.');
    expect(body.error.split('(accepted: asset_types, target_domain, customer_id)')).toHaveLength(2);
    expect(body.structured_content.accepted_fields).toEqual(['asset_types', 'target_domain', 'customer_id']);
  });

  it('refuses arrays and objects larger than any tool takes before checking each item', async () => {
    const items = await call({ asset_types: Array.from({ length: 100_000 }, () => 1) });
    expect(items.status).toBe(400);
    expect(items.body.error).toBe(
      'Invalid arguments for discover_existing_assets: asset_types: must have at most 1000 items (got 100000).',
    );
    const fields = await call(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`f${i}`, 1])));
    expect(fields.body.structured_content.issues).toEqual([
      { field: '', message: 'must have at most 200 fields (got 50000)' },
    ]);
    // The answers are bounded, not multiples of the requests.
    expect(JSON.stringify(items.body).length).toBeLessThan(1_000);
    expect(JSON.stringify(fields.body).length).toBeLessThan(1_000);
  });

  it('states the bound in the OpenAPI document: every argument array has maxItems, at most 1000', () => {
    const bounds: Array<number | undefined> = [];
    const walk = (schema: unknown): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'array') bounds.push(node.maxItems as number | undefined);
      for (const value of Object.values(node)) walk(value);
    };
    const document = buildOpenApiDocument(ALL_TOOLS, 'https://adops.example.com') as Record<string, any>;
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      if (name.endsWith('Arguments')) walk(schema);
    }
    expect(bounds.length).toBeGreaterThan(50);
    expect(bounds.filter((bound) => bound === undefined || bound > 1000)).toEqual([]);
  });

  it('clips a long unknown field name in the answer', async () => {
    const { body } = await call({ asset_types: ['sitelinks'], ['x'.repeat(10_000)]: 1 });
    expect(body.structured_content.issues[0].field).toBe(`${'x'.repeat(100)}...`);
  });
});
