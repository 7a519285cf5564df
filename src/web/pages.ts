import type { FastifyInstance } from 'fastify';
import { renderPageError } from './error-page.ts';
import { acceptOnlyForms, refuseControlCharacters } from './form.ts';
import { identifyVisitor, refuseForgedForms } from './hooks.ts';
import type { WebServices } from './web-services.ts';

/**
 * A plugin scope of HTML pages: forms only, each visitor's session and form token read, forged forms
 * refused, errors as pages. The API around it is untouched: its routes still answer 415 to forms. An
 * address nothing serves is the service's not-found handler's: the 404 page (not-found-page.ts) for a
 * browser, the API's envelope for programs and under the API's paths.
 */
export function registerPages(
  app: FastifyInstance,
  services: WebServices,
  routes: (pages: FastifyInstance) => void,
): void {
  app.register(async (scope) => {
    acceptOnlyForms(scope);
    scope.addHook('preValidation', refuseControlCharacters);
    scope.setErrorHandler(renderPageError);
    scope.addHook('onRequest', identifyVisitor(services));
    scope.addHook('preHandler', refuseForgedForms(services));
    routes(scope);
  });
}
