import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { controlCharacterIn } from '../control-characters.ts';
import { sendErrorPage } from './error-page.ts';

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

/** The labels the pages show, so a refusal names the field as the person saw it. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'Email',
  password: 'Password',
  name: 'Name',
  redirect_uri: 'Redirect URI',
  expires: 'Expires after',
  scope: 'What the key may do',
  account: 'Accounts it may act on',
  max_daily_budget: 'Largest daily budget it may set',
  max_raise_percent: 'Largest raise without approval (%)',
  approval: 'Every spend change needs my approval',
  url: 'URL (https)',
  events: 'Events to send',
};

function fieldLabel(name: string): string {
  return FIELD_LABELS[name] ?? (name.length > 40 ? `${name.slice(0, 40)}...` : name);
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((one): one is string => typeof one === 'string') : [];
}

/** What is wrong with a console request that carries a control character, in its form or its address. */
function controlCharacterProblem(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body === 'object' && body !== null) {
    for (const [name, value] of Object.entries(body)) {
      for (const text of textsOf(value)) {
        const found = controlCharacterIn(text);
        if (found) {
          return `The field “${fieldLabel(name)}” holds ${found}, which no field takes. Remove it and send the form again.`;
        }
      }
    }
  }
  for (const part of [request.params, request.query]) {
    if (typeof part !== 'object' || part === null) continue;
    for (const value of Object.values(part)) {
      for (const text of textsOf(value)) {
        const found = controlCharacterIn(text);
        if (found)
          return `The address holds ${found}, which no page takes. Check the link and open it again.`;
      }
    }
  }
  return undefined;
}

/**
 * preValidation of every console request: the one rule for what people type. Every field of the console
 * is a single line (an e-mail, a password, a name, a URL), so a control character, tab and line breaks
 * included, is refused before any route reads it: a NUL would reach the database, which PostgreSQL
 * refuses with an error and SQLite would keep.
 */
export async function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply) {
  const problem = controlCharacterProblem(request);
  if (!problem) return;
  request.log.info({ path: request.routeOptions.url }, 'console refused a control character');
  return sendErrorPage(reply, 400, 'Form refused', problem);
}
