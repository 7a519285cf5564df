// The Node version check every `npm` script and every `adops` command runs before anything else.
// Plain JavaScript that an old Node still parses: on a Node older than package.json's `engines`, it prints
// one line on stderr (the Node needed, the Node found, where to read) and exits 2.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = Number(/\d+/.exec(manifest.engines.node)[0]);
const found = Number(process.versions.node.split('.')[0]);

if (found < needed) {
  process.stderr.write(
    `adops needs Node.js ${needed} or later, but this is Node.js ${process.version} (${process.execPath}): ` +
      'see "Two commands on a fresh machine" in README.md.\n',
  );
  process.exit(2);
}
