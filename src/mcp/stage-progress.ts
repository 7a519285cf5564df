import type { Progress } from '../progress.ts';
import { META } from './meta.ts';
import type { ProgressRelay } from './progress.ts';

/** The stages of a long-running tool, in the order they run, as the specification names them. */
export const STAGES = ['download', 'validate', 'commit'] as const;

const TOTAL = 100;

/**
 * A tool reports progress within its current stage (download 3 of 3, then validate 1 of 3), while MCP
 * wants one value that rises with every notification. Each stage gets an equal share of 0 to 100 in
 * the order above (a stage the list does not name counts as the last); an update that would not move
 * the value forward, such as a stage's "0 of n" right after the previous stage finished, is left out.
 * The stage itself goes along in `_meta`.
 */
export function stageProgress(relay: ProgressRelay): {
  report: (update: Progress) => void;
  /** After a call that succeeded: a progress that stopped short (a dry run skips steps) ends at 100. */
  finish: () => void;
} {
  let sent = -1;
  return {
    report: ({ stage, progress, total, message }) => {
      const known = (STAGES as readonly string[]).indexOf(stage);
      const index = known < 0 ? STAGES.length - 1 : known;
      const share = total > 0 ? Math.min(Math.max(progress / total, 0), 1) : 1;
      const value = Math.round(((index + share) / STAGES.length) * TOTAL);
      if (value <= sent) return;
      sent = value;
      relay.send({ progress: value, total: TOTAL, message, _meta: { [META.stage]: stage } });
    },
    finish: () => {
      if (sent < 0 || sent >= TOTAL) return;
      sent = TOTAL;
      relay.send({ progress: TOTAL, total: TOTAL, message: 'done', _meta: { [META.stage]: 'done' } });
    },
  };
}
