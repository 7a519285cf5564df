import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { registerExecuteRoute } from './execute-route.ts';
import { registerOpenApiRoutes } from './openapi-route.ts';

/** The REST door: `POST /api/v1/tools/<tool>/execute`, the OpenAPI document and its reference page. */
export function registerRestDoor(app: FastifyInstance, services: Services): void {
  registerExecuteRoute(app, services);
  registerOpenApiRoutes(app, services);
}
