import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { renderConsoleError } from '../web/error-page.ts';
import { acceptOnlyForms, refuseControlCharacters } from '../web/form.ts';
import { identifyVisitor, refuseForgedForms, requireSignIn } from '../web/hooks.ts';
import { registerStaticAssets } from '../web/static-assets.ts';
import { registerBillingRoutes } from './billing-routes.ts';
import { registerConnectionsRoutes } from './connections-routes.ts';
import { registerConsentRoutes } from './consent-routes.ts';
import { registerKeysRoutes } from './keys-routes.ts';
import { registerSignInRoutes } from './sign-in-routes.ts';
import { SignInThrottle } from './throttle.ts';
import { registerUsageRoutes } from './usage-routes.ts';

/**
 * The owner console at `{app_url}`: a plugin scope of its own, so its form parser, hooks and error pages
 * leave the API untouched; paths it does not serve still get the API's 404 envelope.
 */
export function registerConsole(app: FastifyInstance, services: Services): void {
  const throttle = new SignInThrottle(services.clock);
  app.register(async (scope) => {
    acceptOnlyForms(scope);
    scope.addHook('preValidation', refuseControlCharacters);
    scope.setErrorHandler(renderConsoleError);
    registerStaticAssets(scope);

    scope.register(async (pages) => {
      pages.addHook('onRequest', identifyVisitor(services));
      pages.addHook('preHandler', refuseForgedForms(services));
      registerSignInRoutes(pages, services, throttle);
      registerConsentRoutes(pages, services);

      pages.register(async (owners) => {
        owners.addHook('preHandler', requireSignIn);
        registerKeysRoutes(owners, services);
        registerConnectionsRoutes(owners, services);
        registerUsageRoutes(owners, services);
        registerBillingRoutes(owners, services);
      });
    });
  });
}
