// Writes the client's generated types and methods from the OpenAPI document of the registry's tools:
// `npm run client:generate` after changing a tool. test/client/generated.test.ts fails until it is run.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/http/openapi.ts';
import { ALL_TOOLS } from '../src/tools/registry.ts';
import { clientSources } from './client/client-sources.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIOME = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** The text as `biome format` writes it, so the generated files pass the lint unchanged. */
function formatted(path: string, text: string): string {
  const result = spawnSync(process.execPath, [BIOME, 'format', `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome format ${path} failed:\n${result.stderr}`);
  return result.stdout;
}

/** The generated files, by path from the repository root, exactly as they must be on disk. */
export function generatedClientFiles(): Record<string, string> {
  const document = buildOpenApiDocument(ALL_TOOLS, 'http://127.0.0.1:8080');
  return Object.fromEntries(
    Object.entries(clientSources(document)).map(([file, text]) => {
      const path = `src/client/${file}`;
      return [path, formatted(path, text)];
    }),
  );
}

if (import.meta.main) {
  for (const [path, text] of Object.entries(generatedClientFiles())) {
    writeFileSync(new URL(`../${path}`, import.meta.url), text);
    process.stdout.write(`wrote ${path}\n`);
  }
}
