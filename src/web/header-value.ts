import type { FastifyRequest } from 'fastify';

/** A request header as one string: repeated ones joined with commas, as HTTP reads them. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}
