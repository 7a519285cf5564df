import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADOPS_BIN } from '../support/cli.ts';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const NEEDED = Number(/\d+/.exec(manifest.engines.node)?.[0]);

/** The major version of a node binary, or undefined when it does not run. */
function majorOf(node: string): number | undefined {
  try {
    return Number(/^v(\d+)/.exec(execFileSync(node, ['--version'], { encoding: 'utf8' }))?.[1]);
  } catch {
    return undefined;
  }
}

/**
 * A Node older than package.json's engines: ADOPS_TEST_OLD_NODE, else Debian's /usr/bin/node (Node 20 on
 * the CI machine), else the first older one on PATH.
 */
function findOldNode(): { node: string; looked: string[] } {
  const looked = [
    process.env.ADOPS_TEST_OLD_NODE,
    '/usr/bin/node',
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
  ].filter((path): path is string => Boolean(path) && existsSync(path as string));
  const node = looked.find((path) => (majorOf(path) ?? NEEDED) < NEEDED) ?? '';
  return { node, looked };
}

const { node: OLD_NODE, looked } = findOldNode();

/** The one line, as scripts/require-node.js prints it for that Node. */
function expectedLine(node: string): string {
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const execPath = execFileSync(node, ['-p', 'process.execPath'], { encoding: 'utf8' }).trim();
  return (
    `adops needs Node.js ${NEEDED} or later, but this is Node.js ${version} (${execPath}): ` +
    'see "Two commands on a fresh machine" in README.md.\n'
  );
}

// On a Node older than 24, the one line on stderr, nothing on stdout, exit 2: before any TypeScript loads.
describe(`on a Node older than ${NEEDED}`, () => {
  it('finds one on this machine to run them with', () => {
    expect(
      OLD_NODE,
      `no Node older than ${NEEDED} found (looked at ${looked.join(', ') || 'nothing'}): install Debian's ` +
        'nodejs (apt-get install nodejs) or set ADOPS_TEST_OLD_NODE to one',
    ).not.toBe('');
  });

  it.runIf(OLD_NODE)('`adops --version` prints the one line on stderr and exits 2', () => {
    const run = spawnSync(OLD_NODE, [ADOPS_BIN, '--version'], { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: expectedLine(OLD_NODE),
    });
  });

  // `-s`: without it npm adds its own `> adops@1.0.0 typecheck` banner on stdout.
  it.runIf(OLD_NODE)('`npm run -s typecheck` prints the one line on stderr and exits 2', () => {
    const run = spawnSync('npm', ['run', '-s', 'typecheck'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${dirname(OLD_NODE)}${delimiter}${process.env.PATH}`,
        npm_config_update_notifier: 'false',
      },
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: expectedLine(OLD_NODE),
    });
  });
});

// The check runs only where a script starts with it; `start` goes through bin/adops.js, which runs it.
it('every npm script starts with the Node check or runs bin/adops.js', () => {
  const unchecked = Object.entries(manifest.scripts).filter(
    ([, command]) =>
      !command.startsWith('node scripts/require-node.js && ') && !command.startsWith('node bin/adops.js '),
  );
  expect(unchecked).toEqual([]);
});
