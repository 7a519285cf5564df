import { AppError } from '../../errors.ts';
import type { Made, StepWords, TakeBackPolicy } from './platform.ts';

/** What became of the ledger once a step failed, newest first. */
export interface TakenBack<Type extends string> {
  removed: Made<Type>[];
  /** Still on the platform because removing them failed. */
  failed: Array<Made<Type> & { reason: string }>;
  /** Left on purpose, for a retry with the same Idempotency-Key to finish. */
  kept: Made<Type>[];
}

/**
 * Applies the platform's take-back policy to what the call made, newest first, so that a child goes
 * before its parent. Media is never taken back; an object the policy has no call for went with its parent.
 */
export async function takeBack<Type extends string>(
  policy: TakeBackPolicy<Type>,
  ledger: readonly Made<Type>[],
): Promise<TakenBack<Type>> {
  const outcome: TakenBack<Type> = { removed: [], failed: [], kept: [] };
  for (const object of [...ledger].reverse()) {
    if (object.media) continue;
    if (policy.kind === 'keep') {
      outcome.kept.push(object);
      continue;
    }
    const undo = policy.undo(object);
    if (!undo) continue;
    try {
      await undo();
      outcome.removed.push(object);
    } catch (error) {
      outcome.failed.push({ ...object, reason: error instanceof Error ? error.message : 'unknown error' });
    }
  }
  return outcome;
}

function describe(object: Made): string {
  return `${object.type} ${object.id}${object.name ? ` ("${object.name}")` : ''}`;
}

function list(objects: readonly Made[]): string {
  const texts = objects.map(describe);
  if (texts.length <= 1) return texts[0] ?? 'nothing';
  return `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
}

function ref(object: Made): { type: string; id: string; name?: string } {
  return { type: object.type, id: object.id, ...(object.name && { name: object.name }) };
}

/**
 * The error a failed step answers with: the platform's own failure first (its code, its wait), then
 * what the call had made, what was taken back and what is left, in words and as structured fields. It
 * counts as acted upon when the failed step's outcome is unknown or something could not be removed, so
 * that a retry replays it rather than making a second campaign.
 */
export function failedStepError<Type extends string>(
  words: StepWords,
  policy: TakeBackPolicy<Type>,
  action: string,
  error: AppError,
  ledger: readonly Made<Type>[],
  outcome: TakenBack<Type>,
): AppError {
  const { removed, failed, kept } = outcome;
  const mayHaveActed = error.options.upstreamMayHaveActed === true;
  const made = ledger.filter((object) => !object.media);
  const media = ledger.filter((object) => object.media);
  const sentences = [`Step "${action}" failed.`];
  if (made.length === 0) {
    sentences.push(`No ${words.objects} had been created before it, so nothing is half-made.`);
  } else {
    sentences.push(`Before it, this call had created ${list(made)}.`);
    if (removed.length > 0 && policy.kind === 'remove') {
      sentences.push(`Cleaned up: ${list(removed)}${policy.removedNote(removed)}.`);
    }
    if (failed.length > 0) {
      sentences.push(
        `Still existing, because ${words.remove === 'remove' ? 'removing' : 'deleting'} them failed: ` +
          `${failed.map((object) => `${describe(object)} (${object.reason})`).join('; ')}. They are paused ` +
          `and spend nothing; ${words.remove} them in ${words.console} before trying again.`,
      );
    } else if (kept.length > 0 && policy.kind === 'keep') {
      sentences.push(policy.advice);
    } else {
      sentences.push(
        media.length > 0 ? `No ${words.objects} of this call is left.` : 'Nothing this call created is left.',
      );
    }
  }
  if (mayHaveActed) sentences.push(`If that step did make something on ${words.platform}, ${words.ifMade}.`);
  if (media.length > 0) {
    sentences.push(`Uploaded and left unused: ${list(media)} (${words.media ?? 'it costs nothing'}).`);
  }
  return new AppError(error.code, `${error.message} ${sentences.join(' ')}`, {
    ...(error.options.retryAfterSeconds !== undefined && {
      retryAfterSeconds: error.options.retryAfterSeconds,
    }),
    upstreamMayHaveActed: mayHaveActed || failed.length > 0,
    structuredContent: {
      ...error.options.structuredContent,
      failed_step: action,
      created: ledger.map(ref),
      cleaned_up: removed.map(ref),
      still_existing: [...failed, ...kept].map(ref),
      unused_media: media.map(ref),
      outcome_unknown: mayHaveActed,
    },
  });
}

/**
 * A resumed step found several objects that match its request since it began: it cannot tell which is
 * its own, so the call ends and the advertiser removes the extra ones.
 */
export function ambiguousRecovery(
  words: StepWords,
  type: string,
  name: string | undefined,
  found: readonly string[],
): AppError {
  const verb = words.remove === 'remove' ? 'Remove' : 'Delete';
  return new AppError(
    'upstream_error',
    `Internal error: RecoveryAmbiguous. This call was interrupted while it created the ${type}` +
      `${name ? ` "${name}"` : ''}, and ${words.platform} now holds ${found.length} matching ones ` +
      `(ids ${found.join(', ')}), so it cannot tell which one is its own. ${verb} the extra ones in ` +
      `${words.console}, then call again with a new Idempotency-Key.`,
    { upstreamMayHaveActed: true, structuredContent: { matching: [...found] } },
  );
}
