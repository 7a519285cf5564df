import { afterAll, beforeAll, describe } from 'vitest';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import {
  type SecurityContext,
  type SecurityService,
  securityContext,
  securitySuite,
  startSecurityService,
} from '../support/security-suite.ts';

describe.each(TEST_DIALECTS)('the security suite over REST on %s', (dialect) => {
  let running: SecurityService;
  let context: SecurityContext;

  beforeAll(async () => {
    running = await startSecurityService(dialect);
    context = await securityContext(running.service, running.images);
  });
  afterAll(() => running.stop());

  describe.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))('%s', (_name, tool) => {
    securitySuite(tool, () => context);
  });
});
