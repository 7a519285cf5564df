import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { findApproval } from '../../storage/approvals.ts';
import { defineTool } from '../tool.ts';
import { type ApprovalStatus, approvalObject, approvalSchema } from './approval-object.ts';

/** What each status tells the agent to do next. */
const NEXT: Record<ApprovalStatus, string> = {
  pending: 'The owner has not decided yet: ask again later; do not repeat the change.',
  approved: 'The owner approved it and it is being applied: ask again in a few seconds.',
  applied: 'The change is made; result holds the answer of the applied call.',
  rejected: 'The owner rejected it: do not make it again unless the owner asks.',
  expired: 'Nobody decided in time, and nothing was made: ask the owner before asking again.',
  drifted:
    'Nothing was made: the campaign changed after the approval was asked for (result says how). Read it ' +
    'again and ask for a new change if one is still needed.',
  failed: 'The platform refused the approved change (result says why); nothing was made.',
};

export const getApproval = defineTool({
  name: 'get_approval',
  description:
    "What became of a change that waited for the owner's approval (HTTP 202): pending, applied (with its result), rejected, expired, drifted or failed. Free.",
  guidance:
    "Tells what became of a change that waited for the owner's approval (a call answered HTTP 202 with " +
    'structured.approval): pending, applied (with the applied result), rejected, expired, drifted (the ' +
    'campaign changed before the owner approved, so nothing was written) or failed. Free: never uses ' +
    'quota. Call it to follow up on an approval instead of repeating the change.',
  platform: null,
  billable: false,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    approval_id: z
      .string()
      .regex(/^apr_[0-9a-f]{32}$/, 'must be an approval id like apr_ followed by 32 hex digits')
      .describe('The id from structured.approval.id of the 202 answer.'),
  }),
  output: z.object({ approval: approvalSchema }),
  // The demo's sample approval (src/demo.ts), so the example answers on a fresh demo database.
  example: { approval_id: 'apr_de110000000000000000000000000001' },
  async run(args, { services, caller, now }) {
    const approval = await findApproval(services.storage.db, caller.userId, args.approval_id);
    if (!approval) {
      throw new AppError(
        'not_found',
        `No approval ${args.approval_id} for this owner. Use the id from structured.approval.id of the ` +
          'call that answered 202.',
      );
    }
    const shown = approvalObject(approval, services.config.appUrl, now);
    return {
      text: `Approval ${approval.id} (${shown.change.what}): ${shown.status}. ${NEXT[shown.status]}`,
      structured: { approval: shown },
    };
  },
});
