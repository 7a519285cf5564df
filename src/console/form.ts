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
      // A field sent more than once (checkboxes of one name) keeps every value, in order.
      const fields: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(String(body))) {
        const seen = fields[name];
        fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      done(null, fields);
    },
  );
}

/** A text field of the posted form, '' when absent (the first value of a repeated field). */
export function formField(request: FastifyRequest, name: string): string {
  return formFields(request, name)[0] ?? '';
}

/** Every value of a field of the posted form (checkboxes of one name), in order. */
export function formFields(request: FastifyRequest, name: string): string[] {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
