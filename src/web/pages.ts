import type { FastifyInstance } from 'fastify';
import { renderPageError } from './error-page.ts';
import { acceptOnlyForms, refuseControlCharacters } from './form.ts';
import { identifyVisitor, refuseForgedForms } from './hooks.ts';
import type { WebServices } from './web-services.ts';

/**
 * A plugin scope of HTML pages: forms only, each visitor's session and form token read, forged forms
 * refused, errors as pages. The API around it is untouched: its routes still answer 415 to forms, and
 * paths no page serves still get the API's 404 envelope.
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
