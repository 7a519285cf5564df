import { newId } from '../ids.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import { waitForWrites } from '../pipeline/write-fence.ts';
import type { Platform } from '../platform-families.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import { type LiftedObject, liftedByAgentsSince } from '../storage/money-changes.ts';
import type { User } from '../storage/schema.ts';
import { findUserById, resumeUsersAgents, stopUsersAgents } from '../storage/users.ts';
import { PERFORMANCE_READERS } from '../tools/account/get-performance-overview.ts';
import type { ObjectKind } from '../tools/changes/change.ts';
import { kindWords } from '../tools/changes/object-words.ts';
import { pausingCall } from '../tools/pausing-call.ts';
import { todayIn } from '../tools/reads/period.ts';
import { runningCampaigns } from '../tools/running-campaigns.ts';
import { type ActingMember, ownerCaller } from './owner-caller.ts';
import type { OwnerServices } from './owner-services.ts';

/** How far back "stop all agents" looks for objects an agent started or raised. */
const PAUSE_CHANGED_DAYS = 7;

/**
 * How long a stop waits for agents' writes already past the fence to end: a platform call that has not
 * answered by then has timed out (the longest a platform request may take, with its retries).
 */
const WAIT_FOR_WRITES_MS = 120_000;

/** What a stop pauses: an object an agent started or raised, or a campaign running now. */
type PauseTarget = Pick<LiftedObject, 'platform' | 'accountId' | 'kind' | 'objectId' | 'parentId'>;

/** An object paused (or not) by "stop all agents": what the owner is told for each. */
export interface PausedObject {
  platform: string;
  accountId: string;
  /** A campaign, or what an agent started or raised below it (an ad group, a keyword...). */
  kind: ObjectKind;
  objectId: string;
  status: number;
  /** The pause call's answer, or why it failed. */
  text: string;
}

export interface AgentsStopped {
  stoppedAt: string;
  paused: PausedObject[];
  /** Agent writes still in flight when the wait ended (none, unless a platform hangs past its timeouts). */
  stillInFlight: number;
}

/**
 * Stops every key and OAuth grant of the owner at once: their calls answer 403 `agents_stopped` until
 * the owner resumes (the keys and grants themselves are untouched, so resuming restores them as they
 * were). It answers once no agent write is in flight: each either ended before (and counts below) or is
 * refused at the fence. With `pauseChanged`, every object a key or app started or raised in the last 7
 * days, at whatever level, is paused too; with `pauseRunning`, every campaign running now on the owner's
 * accounts, whoever started it. Each pause goes through the ordinary pipeline, as the owner (unbilled).
 */
export async function stopAgents(
  services: PipelineServices,
  owner: User,
  options: { pauseChanged: boolean; pauseRunning?: boolean; member?: ActingMember },
): Promise<AgentsStopped> {
  const { db } = services.storage;
  const now = services.clock.now();
  await stopUsersAgents(db, owner.id, now);
  const stillInFlight = await waitForWrites(services, owner.id, WAIT_FOR_WRITES_MS);
  const stopped = await findUserById(db, owner.id);
  const stoppedAt = stopped?.agents_stopped_at ?? now.toISOString();
  const objects: PauseTarget[] = [];
  if (options.pauseChanged) {
    const since = new Date(now.getTime() - PAUSE_CHANGED_DAYS * 86_400_000).toISOString();
    objects.push(...(await liftedByAgentsSince(db, owner.id, since)));
  }
  if (options.pauseRunning) {
    for (const running of await runningNow(services, owner)) {
      const known = objects.some(
        (o) => o.kind === 'campaign' && o.platform === running.platform && o.objectId === running.objectId,
      );
      if (!known) objects.push(running);
    }
  }
  const paused: PausedObject[] = [];
  for (const object of objects) paused.push(await pauseObject(services, owner, object, options.member));
  return { stoppedAt, paused, stillInFlight };
}

/**
 * Every campaign running now on the owner's connected accounts, whoever started it (a campaign running
 * before any agent came, a sandbox's seeded runaway), read from today's report of each account. An
 * account whose report fails is skipped here: the owner is told by the overview's card of it.
 */
async function runningNow(services: PipelineServices, owner: User): Promise<PauseTarget[]> {
  const accounts = (await listAdAccounts(services.storage.db, owner.id)).filter((a) => a.status === 'active');
  const found: PauseTarget[] = [];
  for (const account of accounts) {
    const platform = account.platform as Platform;
    const today = todayIn(account.time_zone, services.clock.now());
    const trace = { upstreamRequestIds: [], createdObjectIds: [] };
    try {
      const report = await PERFORMANCE_READERS[platform](
        { services, account, trace },
        { start: today, end: today, byDay: false },
      );
      for (const campaign of runningCampaigns(platform, report.campaigns)) {
        found.push({
          platform,
          accountId: account.account_id,
          kind: 'campaign',
          objectId: campaign.id,
          parentId: null,
        });
      }
    } catch (error) {
      services.logger.warn({ err: error, account: account.id }, 'a stop could not list running campaigns');
    }
  }
  return found;
}

/** Pauses one object with its kind's update tool, the one whose arguments can stop spend. */
async function pauseObject(
  services: PipelineServices,
  owner: User,
  object: PauseTarget,
  member: ActingMember | undefined,
): Promise<PausedObject> {
  const kind = object.kind as ObjectKind;
  const shown = {
    platform: object.platform,
    accountId: object.accountId,
    kind,
    objectId: object.objectId,
  };
  const ref = { kind, id: object.objectId, parentId: object.parentId ?? undefined };
  const call = pausingCall(services.tools, { ...shown, ref });
  if (!call) {
    return { ...shown, status: 500, text: `No tool pauses ${object.platform} ${kindWords(kind)}s.` };
  }
  const { outcome } = await executeTool(services, ownerCaller(owner, member), call.toolName, call.args, {
    requestId: newId('req'),
    mode: { kind: 'owner' },
  });
  return { ...shown, status: outcome.status, text: outcome.ok ? outcome.data.text : outcome.message };
}

/** Lets the owner's keys and apps call again, as they were; objects paused by the stop stay paused. */
export async function resumeAgents(services: OwnerServices, owner: User): Promise<boolean> {
  return resumeUsersAgents(services.storage.db, owner.id);
}
