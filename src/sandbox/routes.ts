import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform-families.ts';
import { adoptLegacySandboxTokens } from './legacy-tokens.ts';
import { registerNetworkSandbox } from './network/emulator.ts';
import type { SandboxServices } from './sandbox-services.ts';
import { registerSearchSandbox } from './search/emulator.ts';
import { registerSocialSandbox } from './social/emulator.ts';
import { registerVideoSandbox } from './video/emulator.ts';

/** Each emulator registers its routes, OAuth pages and platform-shaped errors in its own scope. */
type Emulator = (scope: FastifyInstance, services: SandboxServices) => void;

const EMULATORS: Array<[Platform, Emulator]> = [
  ['search', registerSearchSandbox],
  ['network', registerNetworkSandbox],
  ['social', registerSocialSandbox],
  ['video', registerVideoSandbox],
];

/**
 * Serves every platform's sandbox under `/sandbox/<platform>`, shaped like the platform's own API;
 * nothing at all with ADOPS_SANDBOX=off. Tokens from before sandbox accounts had owners are settled first.
 */
export function registerSandbox(app: FastifyInstance, services: SandboxServices): void {
  if (!services.config.platforms.sandboxEnabled) return;
  app.register(async () => {
    const settled = await adoptLegacySandboxTokens(services);
    if (settled.adopted + settled.revoked > 0)
      services.logger.info(settled, 'sandbox tokens from before account owners adopted or revoked');
  });
  for (const [platform, register] of EMULATORS) {
    app.register(
      async (scope) => {
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
        );
        register(scope, services);
      },
      { prefix: `/sandbox/${platform}` },
    );
  }
}
