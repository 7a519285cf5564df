import { z } from 'zod';

/**
 * One request a dry run shows, in the order it would be sent: the one shape every write tool answers in
 * `structured.preview`, whatever its platform, so an agent reads every dry run the same way.
 */
export interface PreviewEntry {
  /** Its place in the order, from 1. */
  step: number;
  /** What it does, in words. */
  action: string;
  method: string;
  /** Path and query under the platform API's base (an upload URL the platform has not given yet is a placeholder). */
  url: string;
  /** Protocol headers the request needs beyond authentication (LinkedIn's Rest.li method, say). */
  headers?: Record<string, string> | undefined;
  /** The body as it would be sent; file bytes are summarised by their size. */
  body?: unknown;
  /** Whether the platform itself checked the request in this dry run (its validate-only mode). */
  validated: boolean;
}

export const PREVIEW_OUTPUT = z
  .array(
    z
      .object({
        step: z.number().int().describe('Its place in the order.'),
        action: z.string().describe('What it does.'),
        method: z.string().describe('HTTP method.'),
        url: z.string().describe('Path and query under the API base.'),
        headers: z.record(z.string(), z.string()).optional().describe('Protocol headers it needs.'),
        body: z.unknown().optional().describe('The body as it would be sent.'),
        validated: z.boolean().describe('Whether the platform checked it in this dry run (validate-only).'),
      })
      .describe('A request.'),
  )
  .optional()
  .describe('On a dry run: the requests that would be sent, in order.');
