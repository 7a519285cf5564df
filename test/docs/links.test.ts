import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unknownToolNames } from './tool-names.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** This file names what it looks for, so it is the one file the search leaves out. */
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url))
  .split(sep)
  .join('/');

/** The files a clone of the repository holds, as paths from its root with `/`. */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
}

const TRACKED = trackedFiles();
const TRACKED_SET = new Set(TRACKED);
const TRACKED_DIRECTORIES = new Set(
  TRACKED.flatMap((file) => {
    const parts = file.split('/').slice(0, -1);
    return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  }),
);
/** The platforms' recorded answers and their sources quote the platforms' pages and words, not ours. */
const QUOTED = /^test\/platforms\/[^/]+\/recorded\//;
const MARKDOWN = TRACKED.filter((file) => file.endsWith('.md') && !QUOTED.test(file));

/** The text of a markdown page without its code: a link written in a code block or span is no link. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
}

/** The targets of the inline links, images and reference definitions of a markdown page. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)];
  const definitions = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...definitions].map((match) => match[1] ?? '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown page's headings make, a repeated heading numbered as GitHub numbers it. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(match[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * What is wrong with one link of `file` (a path from the root), or undefined when a reader of a clone
 * can follow it: a relative target must stay inside the repository, name a tracked file or folder, and
 * name a heading that exists when it names one in a markdown page.
 */
function brokenLink(
  file: string,
  target: string,
  read: (file: string) => string = (path) => readFileSync(join(ROOT, path), 'utf8'),
  tracked: ReadonlySet<string> = TRACKED_SET,
  directories: ReadonlySet<string> = TRACKED_DIRECTORIES,
): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const [pathPart = '', fragment] = target.split('#', 2);
  const path = decodeURIComponent(pathPart.split('?')[0] ?? '');
  const resolved =
    path === ''
      ? file
      : path.startsWith('/')
        ? posix.normalize(path.slice(1))
        : posix.normalize(posix.join(posix.dirname(file), path));
  const inside = resolved.replace(/\/$/, '');
  if (inside === '..' || inside.startsWith('../') || isAbsolute(inside)) {
    return `${target} leads outside the repository`;
  }
  if (!tracked.has(inside) && !directories.has(inside) && inside !== '.') {
    return `${target} names ${inside}, which is not in the repository`;
  }
  if (fragment && inside.endsWith('.md') && !anchorsOf(read(inside)).has(fragment.toLowerCase())) {
    return `${target} names the heading #${fragment}, which ${inside} does not have`;
  }
  return undefined;
}

/**
 * Files that lived beside the repository when it began (the interface specification and the decisions
 * written before the code) and that a clone does not have: docs/contract.md and docs/design.md now say
 * what they said.
 */
const OUTSIDE_REFERENCES = [
  /\.\.\/shared\b/,
  /\/work\/shared\b/,
  /\b(?:CONTRACT|TOOLS|PLATFORMS|ARCHITECTURE)\.md\b/,
  /\b000_542b6cdee242024e\b/,
];

/** The lines of a text that refer to those files, as `line number: text`. */
function outsideReferences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      OUTSIDE_REFERENCES.some((pattern) => pattern.test(line)) ? [`${index + 1}: ${line.trim()}`] : [],
    );
}

function textOf(file: string): string | undefined {
  const bytes = readFileSync(join(ROOT, file));
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

describe('the links of the README and docs/', () => {
  const links = MARKDOWN.flatMap((file) =>
    linkTargets(readFileSync(join(ROOT, file), 'utf8')).map((target) => ({ file, target })),
  );

  it('are found', () => {
    expect(MARKDOWN).toContain('README.md');
    expect(links.length).toBeGreaterThan(30);
  });

  it('lead to files and headings inside the repository', () => {
    const broken = links.flatMap(({ file, target }) => {
      const problem = brokenLink(file, target);
      return problem ? [`${file}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('are refused when they leave the repository, name a missing file or a missing heading', () => {
    const page = '# A page\n\n## Replays and limits\n';
    const read = () => page;
    const tracked = new Set(['README.md', 'docs/keys.md']);
    const directories = new Set(['docs']);
    const check = (file: string, target: string) => brokenLink(file, target, read, tracked, directories);
    expect(check('README.md', '../shared/CONTRACT.md')).toMatch(/outside the repository/);
    expect(check('docs/keys.md', '../../shared/TOOLS.md')).toMatch(/outside the repository/);
    expect(check('README.md', 'docs/missing.md')).toMatch(/not in the repository/);
    expect(check('README.md', 'docs/keys.md#no-such-heading')).toMatch(/does not have/);
    expect(check('README.md', 'docs/keys.md#replays-and-limits')).toBeUndefined();
    expect(check('docs/keys.md', '#replays-and-limits')).toBeUndefined();
    expect(check('docs/keys.md', '../README.md')).toBeUndefined();
    expect(check('docs/keys.md', '/docs')).toBeUndefined();
    expect(check('README.md', 'https://example.com/a/../../b')).toBeUndefined();
  });

  it('are read from the prose, not from code', () => {
    const page = [
      '[keys](docs/keys.md) and ![a picture](img/a.png "title")',
      '`[not a link](nowhere.md)`',
      '```',
      '[nor this](nowhere.md)',
      '```',
      '[ref]: docs/answers.md',
    ].join('\n');
    expect(linkTargets(page)).toEqual(['docs/keys.md', 'img/a.png', 'docs/answers.md']);
    expect([
      ...anchorsOf('# API keys: scopes, accounts, ceilings\n## `adops call`\n## Tools\n## Tools'),
    ]).toEqual(['api-keys-scopes-accounts-ceilings', 'adops-call', 'tools', 'tools-1']);
  });
});

describe('the files of the repository', () => {
  it('refer to no file outside it: the docs/ pages say what those said', () => {
    const found = TRACKED.filter((file) => file !== THIS_FILE).flatMap((file) => {
      const text = textOf(file);
      if (text === undefined) return [];
      return outsideReferences(text).map((reference) => `${file}:${reference}`);
    });
    expect(found).toEqual([]);
  });

  it('name only docs/ pages that exist, in comments too', () => {
    const missing = TRACKED.filter((file) => file !== THIS_FILE && !QUOTED.test(file)).flatMap((file) => {
      const pages = [...(textOf(file) ?? '').matchAll(/\bdocs\/[\w.-]+\.md\b/g)].map((match) => match[0]);
      return [...new Set(pages)].filter((page) => !TRACKED_SET.has(page)).map((page) => `${file}: ${page}`);
    });
    expect(missing).toEqual([]);
  });

  it('would be caught referring to one', () => {
    expect(
      outsideReferences(
        [
          'The contract is `../shared/seed/000_542b6cdee242024e.txt`.',
          ' * What an API key may do (CONTRACT.md, Scopes).',
          '// per PLATFORMS.md, and TOOLS.md, and ARCHITECTURE.md',
          "import type { X } from '@modelcontextprotocol/sdk/shared/protocol.js';",
          "  'ADVERTISER_CONTRACT_PENDING',",
          'See docs/tools.md and docs/platforms.md.',
        ].join('\n'),
      ),
    ).toEqual([
      '1: The contract is `../shared/seed/000_542b6cdee242024e.txt`.',
      '2: * What an API key may do (CONTRACT.md, Scopes).',
      '3: // per PLATFORMS.md, and TOOLS.md, and ARCHITECTURE.md',
    ]);
  });
});

/** Tool-like words of the platforms' own that are no tool of this service. */
const PLATFORM_WORDS = new Set(['validate_only']);

describe('the tools the README and docs/ name', () => {
  it('exist', () => {
    const unknown = MARKDOWN.flatMap((file) =>
      unknownToolNames(readFileSync(join(ROOT, file), 'utf8'))
        .filter((name) => !PLATFORM_WORDS.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
