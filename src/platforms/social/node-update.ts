import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest } from '../upstream.ts';
import { graphUrl } from './graph.ts';

/**
 * What `POST /{id}` of a campaign or an ad set is asked to change: Meta takes the same fields on both, the
 * daily budget in the currency's minor unit.
 */
export interface NodeChanges {
  status?: 'ACTIVE' | 'PAUSED' | undefined;
  daily_budget?: number | undefined;
  name?: string | undefined;
}

/** `GET /{id}` with `fields`: the node, deleted ones too; undefined when Meta has none the token may see. */
export async function readNode<Schema extends z.ZodType>(
  session: PlatformSession,
  id: string,
  fields: string,
  schema: Schema,
  what: string,
): Promise<z.output<Schema> | undefined> {
  const url = graphUrl(session.endpoints, `/${encodeURIComponent(id)}`, { fields });
  const response = await session.sendOrMissing({ method: 'GET', url, idempotent: true });
  if (!response) return undefined;
  session.noteRequestId(response.headers['x-fb-trace-id']);
  return readAnswer('social', what, schema, response.body);
}

/**
 * `POST /{id}` with the changed fields as JSON; `validateOnly` adds `execution_options=["validate_only"]`,
 * Meta's own check that changes nothing. Setting fields to given values is idempotent, so the request may
 * be retried.
 */
export function nodeUpdateRequest(
  session: PlatformSession,
  id: string,
  changes: NodeChanges,
  validateOnly: boolean,
): UpstreamRequest & { body: Record<string, unknown> } {
  const body: Record<string, unknown> = {};
  if (changes.name !== undefined) body.name = changes.name;
  if (changes.status !== undefined) body.status = changes.status;
  if (changes.daily_budget !== undefined) body.daily_budget = changes.daily_budget;
  if (validateOnly) body.execution_options = ['validate_only'];
  return {
    method: 'POST',
    url: graphUrl(session.endpoints, `/${encodeURIComponent(id)}`),
    body,
    idempotent: true,
  };
}

/** Sends the update (or its validation) and reads Meta's `{success: true}`. */
export async function updateNode(
  session: PlatformSession,
  id: string,
  changes: NodeChanges,
  validateOnly: boolean,
  what: string,
): Promise<void> {
  const response = await session.send(nodeUpdateRequest(session, id, changes, validateOnly));
  session.noteRequestId(response.headers['x-fb-trace-id']);
  readAnswer('social', what, z.object({ success: z.literal(true) }), response.body, {
    mayHaveActed: !validateOnly,
  });
}
