import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SECTION = '## Two commands on a fresh machine';

/** The shell commands of the README's set-up section, comments and blank lines left out, in order. */
function readmeSetUp(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf(`${SECTION}\n`);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    (block[1] ?? '')
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean),
  );
}

const ciLines = readFileSync('.ci/run', 'utf8')
  .split('\n')
  .map((line) => line.trim());

// CI takes the newcomer's path: the same Node line and the same install, and nothing the README lacks.
describe("the README's set-up is what CI runs", () => {
  const setUp = readmeSetUp();

  it('the README gets Node 24 with scripts/node24.sh, then runs `npm ci && npm start`', () => {
    expect(setUp.slice(0, 2)).toEqual(['. scripts/node24.sh', 'npm ci && npm start']);
  });

  it('.ci/run runs the same Node line, then the same install', () => {
    const node = ciLines.indexOf('. scripts/node24.sh');
    expect(node).toBeGreaterThanOrEqual(0);
    expect(ciLines.indexOf('npm ci')).toBeGreaterThan(node);
  });

  it('.ci/run exports nothing the README does not', () => {
    const exports = ciLines.filter((line) => /^export\s/.test(line));
    expect(exports.filter((line) => !setUp.includes(line))).toEqual([]);
  });
});

/**
 * Every package of the lockfile that has an install script, and why the install does without it
 * (`ignore-scripts=true` in .npmrc). A new one fails here until someone checks that it works unbuilt too.
 */
const SCRIPTS_NOT_NEEDED: Record<string, string> = {
  'node_modules/better-sqlite3':
    'loads its prebuilt prebuilds/<platform>.node; the script is the implicit node-gyp rebuild of binding.gyp',
  'node_modules/@swc/core':
    'its binary comes from an optional @swc/core-<platform> package; the postinstall only checks it loads',
  'node_modules/protobufjs':
    'the postinstall only warns when a dependent asks for an incompatible version range',
  'node_modules/@scarf/scarf': "the postinstall only reports the install to Scarf's analytics",
};

describe('npm ci runs no install script', () => {
  it('.npmrc sets ignore-scripts and keeps engine-strict', () => {
    const settings = readFileSync('.npmrc', 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(settings).toEqual(expect.arrayContaining(['ignore-scripts=true', 'engine-strict=true']));
  });

  it('every package with an install script is known to work without it', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path)
      .sort();
    expect(withScripts).toEqual(Object.keys(SCRIPTS_NOT_NEEDED).sort());
  });
});
