import { afterAll, beforeAll, describe } from 'vitest';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type SecurityContext, securityContext, securitySuite } from '../support/security-suite.ts';
import { TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('the security suite over REST on %s', (dialect) => {
  let service: TestService;
  let context: SecurityContext;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    context = await securityContext(service);
  });
  afterAll(() => service.stop());

  describe.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))('%s', (_name, tool) => {
    securitySuite(tool, () => context);
  });
});
