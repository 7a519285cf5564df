import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { NodeType } from './node-types.ts';

/** A Graph API error as Meta sends it (fbtrace_id is added on the way out). */
export interface GraphErrorBody {
  message: string;
  type: 'OAuthException' | 'GraphMethodException';
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
}

/** Meta's trace ids look like `AbC1dEf-GhIjK2lMn_OpQ3r`: what support asks for. */
export function traceId(): string {
  return randomBytes(17).toString('base64url').slice(0, 23);
}

/** Sends a Graph error with its trace id in the body and in `x-fb-trace-id`, like the platform. */
export function graphError(
  reply: FastifyReply,
  status: number,
  error: GraphErrorBody,
  headers: Record<string, string> = {},
): FastifyReply {
  const fbtraceId = traceId();
  reply.status(status).headers({ 'x-fb-trace-id': fbtraceId, ...headers });
  if (error.code === 190 || error.code === 104) {
    reply.header(
      'www-authenticate',
      `OAuth "Facebook Platform" "invalid_token" "${error.message.replaceAll('"', "'")}"`,
    );
  }
  return reply.send({ error: { ...error, fbtrace_id: fbtraceId } });
}

/** One requested field: `name` or `name{sub,fields}` (Graph field expansion, one level). */
export interface FieldSpec {
  name: string;
  sub: string[] | undefined;
}

/** Parses `fields=id,name,connected_instagram_account{id,username}`; undefined when absent. */
export function parseFields(text: string | undefined): FieldSpec[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '{') depth++;
    if (char === '}') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([A-Za-z0-9_]+)(?:\{([^{}]*)\})?$/.exec(part);
      if (!match) return { name: part, sub: undefined };
      const sub = match[2]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return { name: match[1] ?? part, sub };
    });
}

/** The first field the node type does not have, as Meta names it in its error, or undefined. */
export function unknownField(type: NodeType, specs: FieldSpec[] | undefined): string | undefined {
  for (const spec of specs ?? []) {
    if (!type.fields.includes(spec.name))
      return `(#100) Tried accessing nonexisting field (${spec.name}) on node type (${type.name})`;
    const nested = type.nested?.[spec.name];
    if (spec.sub && nested) {
      const inner = unknownField(
        nested,
        spec.sub.map((name) => ({ name, sub: undefined })),
      );
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * The node with only the fields asked for (or the defaults), and its id, which Graph always adds; absent
 * values are left out, as Graph does.
 */
export function project(node: Record<string, unknown>, type: NodeType, specs: FieldSpec[] | undefined) {
  const asked = specs ?? type.defaults.map((name) => ({ name, sub: undefined }));
  const wanted = asked.some((spec) => spec.name === 'id')
    ? asked
    : [...asked, { name: 'id', sub: undefined }];
  const out: Record<string, unknown> = {};
  for (const spec of wanted) {
    const value = node[spec.name];
    if (value === undefined || value === null) continue;
    const nested = type.nested?.[spec.name];
    out[spec.name] =
      nested && typeof value === 'object'
        ? project(
            value as Record<string, unknown>,
            nested,
            spec.sub?.map((name) => ({ name, sub: undefined })) ?? [{ name: 'id', sub: undefined }],
          )
        : value;
  }
  return out;
}

export function encodeCursor(id: string): string {
  return Buffer.from(`sbx:${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): string | undefined {
  const text = Buffer.from(cursor, 'base64url').toString();
  return text.startsWith('sbx:') ? text.slice(4) : undefined;
}
