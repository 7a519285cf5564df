#!/usr/bin/env node
// The CLI is TypeScript run by Node 24's own type stripping: there is no build step.
import '../src/cli/main.ts';
