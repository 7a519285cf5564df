import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../storage/schema.ts';

/**
 * What the owner use cases need of the service, and no more: the database, the clock and a few settings.
 * The console and the CLI hand their services over as they are.
 */
export interface OwnerServices {
  storage: { db: Kysely<Database> };
  clock: Clock;
  config: {
    /** The console's address, named in refusals that send the owner there. */
    appUrl: string;
    /** The most active keys an owner of each tier may hold (`ADOPS_KEY_LIMITS`). */
    console: { keyLimits: Readonly<Record<string, number>> };
    platforms: { sandboxEnabled: boolean };
  };
}
