import { z } from 'zod';

/**
 * The preview schema update_network_campaign still declares, without `validated`. The network creates
 * run on the one step runner (src/tools/steps/) and answer src/tools/preview.ts; this stays, under the
 * path the update tool imports, until that tool moves to the one shape in its own rewrite.
 */
export const PREVIEW_OUTPUT = z
  .array(
    z
      .object({
        step: z.number().int().describe('Its place in the order.'),
        action: z.string().describe('What it does.'),
        method: z.string().describe('HTTP method.'),
        url: z.string().describe('Path and query under the API base.'),
        headers: z.record(z.string(), z.string()).optional().describe('Rest.li headers it needs.'),
        body: z.unknown().optional().describe('The body LinkedIn is sent.'),
      })
      .describe('A request.'),
  )
  .optional()
  .describe('On a dry run: the requests that would be sent, in order.');
