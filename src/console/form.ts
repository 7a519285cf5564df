import type { FastifyInstance, FastifyRequest } from 'fastify';

const FORM_TYPE = 'application/x-www-form-urlencoded';
const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * The console's routes take HTML forms and nothing else. Called inside the console's own plugin scope,
 * so the API keeps answering 415 to every body that is not JSON.
 */
export function acceptOnlyForms(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    FORM_TYPE,
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** A text field of the posted form, '' when absent. */
export function formField(request: FastifyRequest, name: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : '';
}
