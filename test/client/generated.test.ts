import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedClientFiles } from '../../scripts/generate-client.ts';

describe("the client's generated types and methods", () => {
  it('are what the registry makes today (else run `npm run client:generate`)', () => {
    const files = generatedClientFiles();
    expect(Object.keys(files).sort()).toEqual([
      'src/client/api-types.generated.ts',
      'src/client/tool-methods.generated.ts',
    ]);
    for (const [path, text] of Object.entries(files)) {
      const onDisk = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
      expect(onDisk, `${path} is stale: run npm run client:generate`).toBe(text);
    }
  });
});
