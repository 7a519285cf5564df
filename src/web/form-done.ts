import type { FastifyReply, FastifyRequest } from 'fastify';
import { signedIn } from './console-request.ts';
import { seeOther } from './flash.ts';
import type { Interpolation, SafeHtml } from './html.ts';
import type { WebServices } from './web-services.ts';

/** A console form that succeeded: 303 to `location`, where its notice (and what goes with it) shows once. */
export function formDone(
  services: WebServices,
  request: FastifyRequest,
  reply: FastifyReply,
  location: string,
  text: Interpolation,
  details?: SafeHtml,
): Promise<FastifyReply> {
  return seeOther(services, reply, signedIn(request), location, { kind: 'success', text }, details);
}
