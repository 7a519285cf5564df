import { newId } from '../ids.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import { PLATFORM_INFO } from '../platform-families.ts';
import { spendRaisesByAgentsSince } from '../storage/audit.ts';
import type { User } from '../storage/schema.ts';
import { findUserById, resumeUsersAgents, stopUsersAgents } from '../storage/users.ts';
import { ownerCaller } from './owner-caller.ts';
import type { OwnerServices } from './owner-services.ts';

/** How far back "stop all agents" looks for campaigns an agent started or raised. */
const PAUSE_CHANGED_DAYS = 7;

/** A campaign paused (or not) by "stop all agents": what the owner is told for each. */
export interface PausedCampaign {
  platform: string;
  accountId: string;
  campaignId: string;
  status: number;
  /** The pause call's answer, or why it failed. */
  text: string;
}

export interface AgentsStopped {
  stoppedAt: string;
  paused: PausedCampaign[];
}

/**
 * Stops every key and OAuth grant of the owner at once: their calls answer 403 `agents_stopped` until
 * the owner resumes (the keys and grants themselves are untouched, so resuming restores them as they
 * were). With `pauseChanged`, every campaign a key or app started or raised in the last 7 days is paused
 * too, through the ordinary pipeline, as the owner (a pause is never refused for quota).
 */
export async function stopAgents(
  services: PipelineServices,
  owner: User,
  options: { pauseChanged: boolean },
): Promise<AgentsStopped> {
  const { db } = services.storage;
  const now = services.clock.now();
  await stopUsersAgents(db, owner.id, now);
  const stopped = await findUserById(db, owner.id);
  const stoppedAt = stopped?.agents_stopped_at ?? now.toISOString();
  if (!options.pauseChanged) return { stoppedAt, paused: [] };
  const since = new Date(now.getTime() - PAUSE_CHANGED_DAYS * 86_400_000).toISOString();
  const paused: PausedCampaign[] = [];
  const seen = new Set<string>();
  for (const row of await spendRaisesByAgentsSince(db, owner.id, since)) {
    const platform = services.tools.get(row.tool)?.platform;
    const campaignId =
      row.details && (JSON.parse(row.details) as { target_campaign_id?: string }).target_campaign_id;
    const key = `${platform}:${row.account_id}:${campaignId}`;
    if (!platform || !row.account_id || !campaignId || campaignId === 'new' || seen.has(key)) continue;
    seen.add(key);
    paused.push(await pauseCampaign(services, owner, platform, row.account_id, campaignId));
  }
  return { stoppedAt, paused };
}

/** Pauses one campaign with its platform's update tool, the one whose arguments can stop spend. */
async function pauseCampaign(
  services: PipelineServices,
  owner: User,
  platform: keyof typeof PLATFORM_INFO,
  accountId: string,
  campaignId: string,
): Promise<PausedCampaign> {
  const tool = [...services.tools.values()].find((t) => t.platform === platform && t.stop);
  const shown = { platform, accountId, campaignId };
  if (!tool?.stop) return { ...shown, status: 500, text: `No tool pauses ${platform} campaigns.` };
  const args = {
    campaign_id: campaignId,
    [PLATFORM_INFO[platform].accountArgument]: accountId,
    [tool.stop.status.field]: tool.stop.status.pausing[0],
  };
  const { outcome } = await executeTool(services, ownerCaller(owner), tool.name, args, {
    requestId: newId('req'),
  });
  return { ...shown, status: outcome.status, text: outcome.ok ? outcome.data.text : outcome.message };
}

/** Lets the owner's keys and apps call again, as they were; campaigns paused by the stop stay paused. */
export async function resumeAgents(services: OwnerServices, owner: User): Promise<boolean> {
  return resumeUsersAgents(services.storage.db, owner.id);
}
