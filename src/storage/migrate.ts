import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as initial from './migrations/0001_initial.ts';
import * as assetBundles from './migrations/0002_asset_bundles.ts';
import * as platforms from './migrations/0003_platforms.ts';
import * as consoleSignIn from './migrations/0004_console.ts';
import * as callClaims from './migrations/0005_call_claims.ts';
import * as sandboxOwners from './migrations/0006_sandbox_owners.ts';
import * as reporting from './migrations/0007_reporting.ts';
import * as keyLimits from './migrations/0008_key_limits.ts';
import * as activityBigint from './migrations/0009_activity_bigint.ts';
import * as oauth from './migrations/0010_oauth.ts';
import * as unclaimedOAuthClients from './migrations/0011_unclaimed_oauth_clients.ts';
import * as ownerInTheLoop from './migrations/0012_owner_in_the_loop.ts';
import * as changeHistory from './migrations/0013_change_history.ts';
import * as jobs from './migrations/0014_jobs.ts';
import * as notifications from './migrations/0015_notifications.ts';
import * as monitors from './migrations/0016_monitors.ts';
import * as sandboxIntraday from './migrations/0017_sandbox_intraday.ts';
import * as callPath from './migrations/0018_call_path.ts';
import * as changeEngine from './migrations/0019_change_engine.ts';
import * as workspaces from './migrations/0020_workspaces.ts';
import * as memberActions from './migrations/0021_member_actions.ts';
import * as secondFactor from './migrations/0022_second_factor.ts';
import * as twoApprovers from './migrations/0023_two_approvers.ts';
import * as memberActionsLog from './migrations/0024_member_actions_log.ts';
import * as clients from './migrations/0025_clients.ts';
import * as managerAccounts from './migrations/0026_manager_accounts.ts';
import * as appGrantMembers from './migrations/0027_app_grant_members.ts';
import * as consoleFlash from './migrations/0028_console_flash.ts';
import type { Database } from './schema.ts';

// An explicit list: a migration is applied because it is named here, not because a file exists.
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_asset_bundles': assetBundles,
  '0003_platforms': platforms,
  '0004_console': consoleSignIn,
  '0005_call_claims': callClaims,
  '0006_sandbox_owners': sandboxOwners,
  '0007_reporting': reporting,
  '0008_key_limits': keyLimits,
  '0009_activity_bigint': activityBigint,
  '0010_oauth': oauth,
  '0011_unclaimed_oauth_clients': unclaimedOAuthClients,
  '0012_owner_in_the_loop': ownerInTheLoop,
  '0013_change_history': changeHistory,
  '0014_jobs': jobs,
  '0015_notifications': notifications,
  '0016_monitors': monitors,
  '0017_sandbox_intraday': sandboxIntraday,
  '0018_call_path': callPath,
  '0019_change_engine': changeEngine,
  '0020_workspaces': workspaces,
  '0021_member_actions': memberActions,
  '0022_second_factor': secondFactor,
  '0023_two_approvers': twoApprovers,
  '0024_member_actions_log': memberActionsLog,
  '0025_clients': clients,
  '0026_manager_accounts': managerAccounts,
  '0027_app_grant_members': appGrantMembers,
  '0028_console_flash': consoleFlash,
};

export const MIGRATION_NAMES = Object.keys(migrations);

/** Applies every pending migration; returns the names applied. Safe to run from several instances. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
