// Prints the OpenAPI document of the registry's tools, for `redocly lint` in CI and for importers.
// `--out FILE` writes it there instead. The server URL is ADOPS_APP_URL (or the default of the config).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { buildOpenApiDocument } from '../src/http/openapi.ts';
import { ALL_TOOLS } from '../src/tools/registry.ts';

const text = `${JSON.stringify(buildOpenApiDocument(ALL_TOOLS, loadConfig().appUrl), null, 2)}\n`;
const outIndex = process.argv.indexOf('--out');
const out = outIndex === -1 ? undefined : process.argv[outIndex + 1];
if (out) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
} else {
  process.stdout.write(text);
}
