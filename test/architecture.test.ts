import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};

/** The rules of `npm run lint` (.dependency-cruiser.cjs) over the `src/` under `baseDir`. */
async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['src'], {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir,
  } as never);
  const result = output as ICruiseResult;
  return result.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

/** A made-up `src/` of a few files, to show the rules refuse what they should. */
function sources(files: Record<string, string>): string {
  const base = mkdtempSync(join(tmpdir(), 'adops-layers-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  return base;
}

describe('the layers of src/ (dependency-cruiser, as `npm run lint` runs it)', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const base of made) rmSync(base, { recursive: true, force: true });
  });
  const check = (files: Record<string, string>) => {
    const base = sources(files);
    made.push(base);
    return violations(base);
  };

  it('finds no cycle and no upward import in the service', async () => {
    expect(await violations(ROOT)).toEqual([]);
  });

  it('refuses an upward import, a type-only one too', async () => {
    expect(
      await check({
        'src/context.ts': 'export interface Services { name: string }\n',
        'src/storage/database.ts':
          "import type { Services } from '../context.ts';\nexport type S = Services;\n",
        'src/platforms/session.ts':
          "import { runTool } from '../tools/run.ts';\nexport const go = runTool;\n",
        'src/tools/run.ts': 'export function runTool(): void {}\n',
      }),
    ).toEqual([
      'no-upward-import-from-platform-clients: src/platforms/session.ts → src/tools/run.ts',
      'no-upward-import-from-storage: src/storage/database.ts → src/context.ts',
    ]);
  });

  it('refuses an import circle inside one layer', async () => {
    const found = await check({
      'src/tools/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'src/tools/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(found).toEqual(['no-circular: src/tools/a.ts → src/tools/b.ts']);
  });

  it('refuses a door importing another door, and a folder outside the layers', async () => {
    expect(
      await check({
        'src/console/keys.ts':
          "import { consent } from '../oauth/consent.ts';\nexport const keys = consent;\n",
        'src/oauth/consent.ts': 'export const consent = 1;\n',
        'src/reports/weekly.ts': "import { money } from '../money.ts';\nexport const weekly = money;\n",
        'src/money.ts': 'export const money = 1;\n',
      }),
    ).toEqual([
      'every-module-in-a-layer: src/reports/weekly.ts → src/money.ts',
      'no-door-into-another-door-from-console: src/console/keys.ts → src/oauth/consent.ts',
    ]);
  });
});
