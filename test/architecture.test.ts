import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Every .ts file under a folder, as absolute paths. */
function typescriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

/**
 * Every module a source names: `from '...'` (imports and re-exports, type-only ones too), bare
 * `import '...'`, `import('...')` and `require('...')`. A mention inside a comment counts too: the scan
 * errs on the side of refusing.
 */
function importSpecifiers(source: string): string[] {
  const patterns = [
    /\bfrom\s*(['"])([^'"]+)\1/g,
    /\bimport\s*(['"])([^'"]+)\1/g,
    /\bimport\s*\(\s*(['"])([^'"]+)\1/g,
    /\brequire\s*\(\s*(['"])([^'"]+)\1/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[2] ?? ''));
}

/** The imports of files under `layer` that reach into any of `forbidden` (folders under src/). */
function importsInto(layer: string, forbidden: string[]): string[] {
  const offences: string[] = [];
  for (const file of typescriptFiles(join(SRC, layer))) {
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(SRC, resolve(dirname(file), specifier));
      if (forbidden.some((folder) => target === folder || target.startsWith(`${folder}/`))) {
        offences.push(`${relative(SRC, file)} imports ${specifier}`);
      }
    }
  }
  return offences;
}

// ARCHITECTURE.md: arrows point down, doors -> pipeline -> tools -> platforms -> storage. A platform's
// wire client knows nothing of the tools that use it nor of the pipeline that runs them.
describe('the layers of src/', () => {
  it('src/platforms/ imports nothing from src/tools/ or src/pipeline/', () => {
    expect(importsInto('platforms', ['tools', 'pipeline'])).toEqual([]);
  });

  it('src/tools/ imports nothing from src/pipeline/', () => {
    expect(importsInto('tools', ['pipeline'])).toEqual([]);
  });

  it('src/owners/ imports no door, nor the service the doors share', () => {
    expect(importsInto('owners', ['console', 'http', 'mcp', 'oauth', 'cli', 'context.ts'])).toEqual([]);
  });

  it('reads every spelling of an import, so the rule above cannot be dodged', () => {
    const source = [
      "import type { ToolContext } from '../../tools/tool.ts';",
      'import {',
      '  formatIssues,',
      '  invalidArguments,',
      "} from '../../tools/invalid-arguments.ts';",
      'export { quotaBlock } from "../../pipeline/quota.ts";',
      "import '../../pipeline/execute-tool.ts';",
      "const lazy = () => import( '../../pipeline/outcome.ts');",
      "const old = require('../../tools/registry.ts');",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      [
        '../../tools/tool.ts',
        '../../tools/invalid-arguments.ts',
        '../../pipeline/quota.ts',
        '../../pipeline/execute-tool.ts',
        '../../pipeline/outcome.ts',
        '../../tools/registry.ts',
      ].sort(),
    );
  });
});
