#!/usr/bin/env node
// The CLI is TypeScript run by Node 24's own type stripping: there is no build step. The version check is
// plain JavaScript and runs first; the TypeScript loads only after it (a dynamic import, not awaited, so
// even a Node without top-level await parses this file), and an older Node gets the check's one line
// instead of a loader error.
import '../scripts/require-node.js';

import('../src/cli/main.ts');
