import { AppError } from '../errors.ts';

/** The answer of a platform tool whose adapter has not landed yet: 501, no quota used, nothing recorded. */
export function notImplemented(tool: string): never {
  throw new AppError(
    'not_implemented',
    `${tool} validated your arguments, but this server cannot reach the ad platform for it yet. ` +
      'Nothing was sent and no quota was used.',
  );
}
