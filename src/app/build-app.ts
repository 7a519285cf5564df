import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { registerConsole } from '../console/register.ts';
import type { Services } from '../context.ts';
import { registerRestDoor } from '../http/rest-door.ts';
import { newId } from '../ids.ts';
import { registerMcpRoute } from '../mcp/http-route.ts';
import { registerOAuthRoutes } from '../oauth/oauth-routes.ts';
import { registerSandbox } from '../sandbox/routes.ts';
import { registerStaticAssets } from '../web/static-assets.ts';
import { registerAccessLog } from './access-log.ts';
import { registerContentDecoding } from './content-encoding.ts';
import { registerErrorAnswers } from './error-answers.ts';
import { answerClientError, answerFrameworkError, answerUnmetExpectation } from './framework-errors.ts';
import { registerHealthRoutes } from './health-routes.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { registerRequestGate } from './request-gate.ts';

/**
 * The HTTP service without `listen`: the conventions every answer follows (request id, drain, access log,
 * the error envelope for what no door answers, the framework's own refusals included), then each door.
 */
export function buildApp(services: Services): FastifyInstance {
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    // One line per request, written by the access log's hook, with the request id under our name.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: services.config.bodyLimitBytes,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    // A drain answers with the error envelope itself (request-gate.ts), and closes idle connections at once.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Requests refused below the routes still get the envelope (framework-errors.ts); a missing Host is
    // refused by the request gate, with the envelope, rather than by Node with an empty 400.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    http: { requireHostHeader: false },
  });
  app.server.on('checkExpectation', answerUnmetExpectation);
  registerRequestGate(app, services);
  registerAccessLog(app);
  registerErrorAnswers(app, services);
  // JSON is the only body the API takes; anything else is a 415, not a string to misread.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerContentDecoding(app);

  registerRestDoor(app, services);
  registerMcpRoute(app, services);
  registerConsole(app, services);
  registerOAuthRoutes(app, services);
  registerSandbox(app, services);
  registerHealthRoutes(app, services);
  // The pages' own CSS and script, for the console, the consent pages and the sandboxes' approval pages.
  registerStaticAssets(app);
  return app;
}
