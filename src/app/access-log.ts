import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callInfo, toolFromPath } from '../web/request-info.ts';

/** One log line per request, once answered: its path, tool, status, error code and latency. */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const info = callInfo(request);
    request.log.info(
      {
        method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0],
        tool: toolFromPath(request.url) || undefined,
        status: reply.statusCode,
        code: info.code,
        latency_ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}
