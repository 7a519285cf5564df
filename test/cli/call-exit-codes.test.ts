import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALL_EXIT } from '../../src/cli/call-exit-codes.ts';
import { adops } from '../support/cli.ts';

const TABLE = Object.values(CALL_EXIT).map(({ code, meaning }) => [code, meaning]);

/** The rows of the markdown table whose header is `| exit code | meaning |`, as [code, meaning]. */
function docsTable(markdown: string): Array<[number, string]> {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*exit code\s*\|\s*meaning\s*\|$/.test(line));
  expect(header, 'docs/cli.md has no "| exit code | meaning |" table').toBeGreaterThan(-1);
  const rows: Array<[number, string]> = [];
  for (const line of lines.slice(header + 2)) {
    const cells = /^\|\s*(\d+)\s*\|\s*(.*?)\s*\|$/.exec(line);
    if (!cells) break;
    rows.push([Number(cells[1]), cells[2] ?? '']);
  }
  return rows;
}

describe('the exit codes of adops call', { timeout: 60_000 }, () => {
  it('are documented in docs/cli.md exactly as the code maps them', () => {
    const markdown = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    expect(docsTable(markdown)).toEqual(TABLE);
  });

  it('are listed by `adops call --help`, each with its meaning, and none else', async () => {
    const help = await adops(['call', '--help'], {});
    expect(help.code).toBe(0);
    const listed = help.stdout
      .slice(help.stdout.indexOf('Exit codes:\n') + 'Exit codes:\n'.length)
      .split('\n')
      .map((line) => /^\s+(\d+)\s{2}(\S.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [Number(match[1]), match[2]]);
    expect(help.stdout).toContain('Exit codes:\n');
    expect(listed).toEqual(TABLE);
    expect(listed.map(([code]) => code)).toContain(10);
  });
});
