import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkKeyShape, hashApiKey } from './auth/api-key.ts';
import { authenticate } from './auth/authenticate.ts';
import type { Caller } from './caller.ts';
import type { Config, Tier } from './config.ts';
import type { Services } from './context.ts';
import { newId } from './ids.ts';
import { DEFAULT_LIMITS } from './key-limits.ts';
import { addAccount } from './owners/add-account.ts';
import { issueKey } from './owners/create-key.ts';
import { createWorkspace } from './owners/members.ts';
import { OwnerError } from './owners/owner-error.ts';
import { executeTool } from './pipeline/execute-tool.ts';
import type { Platform } from './platform-families.ts';
import { listAdAccounts } from './storage/accounts.ts';
import { findApiKeyByHash } from './storage/api-keys.ts';
import { deleteApproval, findApproval, renameApproval } from './storage/approvals.ts';
import type { Storage } from './storage/database.ts';
import { insertMonitor } from './storage/monitors.ts';
import type { User } from './storage/schema.ts';
import { findUserByEmail } from './storage/users.ts';
import { ruleOf } from './tools/monitors/monitor-rule.ts';

export const DEMO_EMAIL = 'demo@adops.local';

// Two social accounts, so the multi-account rule shows on the first call; their ids are fixed, since the
// social tools' examples must name one (the brand's, whose campaigns get the examples' ids).
const DEMO_ACCOUNTS: Array<{ platform: Platform; name: string; accountId?: string }> = [
  { platform: 'search', name: 'Demo Search Ads' },
  { platform: 'network', name: 'Demo Network Ads' },
  { platform: 'social', name: 'Demo Social Brand', accountId: 'act_310000000000001' },
  { platform: 'social', name: 'Demo Social Shop', accountId: 'act_310000000000002' },
  { platform: 'video', name: 'Demo Video Ads' },
];

/** Where the demo key is kept between starts: beside the SQLite file, readable by its owner only. */
export function demoKeyFile(config: Config): string | undefined {
  const path = config.databaseUrl.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : undefined;
  return path && path !== ':memory:' ? join(dirname(path), 'demo-key.txt') : undefined;
}

async function storedKeyStillWorks(storage: Storage, file: string, now: Date): Promise<string | undefined> {
  if (!existsSync(file)) return undefined;
  const key = readFileSync(file, 'utf8').trim();
  if (checkKeyShape(key) !== 'ok') return undefined;
  const row = await findApiKeyByHash(storage.db, hashApiKey(key));
  const live =
    row && row.revoked_at === null && (row.expires_at === null || row.expires_at > now.toISOString());
  return live ? key : undefined;
}

export const DEMO_TIER: Tier = 'pro';

/** The demo's sample approval, which get_approval's example names (docs/approvals.md). */
export const DEMO_APPROVAL_ID = 'apr_de110000000000000000000000000001';

/**
 * What the demo owner finds waiting at /approvals: the demo key asked, through the ordinary pipeline, to
 * set a TikTok budget of 80.00 a day to 8000 (cents sent as dollars), which waits for the owner. It gets
 * the fixed id the documented example names. Made once, by the first start that serves the demo, whichever
 * command made the owner (`adops demo` serves nothing), once the server listens: the call goes to the
 * sandbox it serves. Once decided it stays decided: a later start makes no other.
 */
export async function seedDemoApproval(services: Services, demo: { key: string }) {
  let caller: Caller;
  try {
    caller = await authenticate(services, `Bearer ${demo.key}`);
  } catch (error) {
    // The demo owner stopped their agents, say: the start goes on without the sample.
    services.logger.warn({ err: error }, 'the demo approval could not be made');
    return;
  }
  if (await findApproval(services.storage.db, caller.userId, DEMO_APPROVAL_ID)) return;
  const { outcome } = await executeTool(
    services,
    caller,
    'update_video_campaign',
    { campaign_id: '1800000000000003', daily_budget: 8000 },
    { requestId: newId('req') },
  );
  const approval = outcome.ok ? (outcome.data.structured?.approval as { id: string } | undefined) : undefined;
  if (!approval) {
    services.logger.warn({ tool: 'update_video_campaign' }, 'the demo approval could not be made');
    return;
  }
  try {
    await renameApproval(services.storage.db, approval.id, DEMO_APPROVAL_ID);
  } catch (error) {
    // Two starts at once on one database each made a sample: the other's has the id, this one goes.
    if (!/unique|duplicate/i.test(String(error))) throw error;
    await deleteApproval(services.storage.db, approval.id);
  }
}

/** The demo's monitor, which the monitor tools' examples name (docs/monitors.md). */
export const DEMO_MONITOR_ID = 'mon_de110000000000000000000000000001';

/**
 * A monitor on the demo's TikTok account that pauses a campaign whose clicks cost today more than twice
 * their average of the week before: the sandbox's runaway campaign (docs/platforms.md), which it pauses
 * at the first quarter hour after the first start, whatever the time of day.
 */
async function seedDemoMonitor(services: Services, user: User): Promise<void> {
  const [account] = await listAdAccounts(services.storage.db, user.id, 'video');
  if (!account) return;
  const rule = ruleOf({
    name: 'Runaway cost per click',
    conditions: [{ metric: 'cpc', operator: '>', relative_to: { trailing_days: 7, factor: 2 } }],
    check_every_minutes: 15,
    action: 'pause_campaign',
  });
  const at = services.clock.now().toISOString();
  await insertMonitor(services.storage.db, {
    id: DEMO_MONITOR_ID,
    user_id: user.id,
    platform: 'video',
    account_id: account.account_id,
    name: rule.name,
    rule: JSON.stringify(rule),
    check_every_minutes: rule.check_every_minutes,
    enabled: 1,
    created_at: at,
    updated_at: at,
  });
}

/** The demo owner with sandbox accounts on every platform, made once; later calls reuse it and its key. */
export async function ensureDemo(services: Services) {
  const { storage, config } = services;
  if (!config.platforms.sandboxEnabled) {
    throw new OwnerError(
      "The demo owner's accounts are sandbox accounts, and the sandbox is turned off (ADOPS_SANDBOX=off).",
    );
  }
  const { db } = storage;
  const now = services.clock.now();
  let user = await findUserByEmail(db, DEMO_EMAIL);
  let created = !user;
  if (!user) {
    try {
      // Enough calls for an afternoon of trying the sandbox, several times the free tier's.
      user = (await createWorkspace(db, { email: DEMO_EMAIL, tier: DEMO_TIER }, now)).workspace;
    } catch (error) {
      // Two first starts on one database: the other made the owner (and adds its accounts).
      const taken = error instanceof OwnerError || /unique|duplicate/i.test(String(error));
      user = taken ? await findUserByEmail(db, DEMO_EMAIL) : undefined;
      if (!user) throw error;
      created = false;
    }
    if (created) {
      for (const account of DEMO_ACCOUNTS) await addAccount(services, user, account);
      await seedDemoMonitor(services, user);
    }
  }
  const file = demoKeyFile(config);
  let key = file ? await storedKeyStillWorks(storage, file, now) : undefined;
  const keyCreated = !key;
  if (!key) {
    // Its accounts are sandbox accounts, where spend is not real: the demo key may do everything.
    key = (await issueKey(db, user, 'demo', 'never', now, { ...DEFAULT_LIMITS, scope: 'spend' })).key;
    if (file) {
      writeFileSync(file, `${key}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  const accounts = await listAdAccounts(db, user.id);
  return {
    email: user.email,
    tier: user.tier,
    key,
    /** Whether this call made the key: the only time the start banner shows it whole. */
    keyCreated,
    keyFile: file && resolve(file),
    created,
    base_url: config.appUrl,
    accounts: accounts.map((a) => ({ platform: a.platform, account_id: a.account_id, name: a.name })),
  };
}
