import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { formatMicros } from '../money.ts';
import { tellOwner } from '../notifications/emit-event.ts';
import { eventIdOf } from '../notifications/event-id.ts';
import { executeTool } from '../pipeline/execute-tool.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import type { Platform } from '../platform-families.ts';
import { quotaPeriod } from '../quota.ts';
import {
  connectedAccountsOfClient,
  envelopeOf,
  envelopesDue,
  markEnvelope,
  noteEnvelopeChecked,
} from '../storage/clients.ts';
import type { AdAccount, Client, User } from '../storage/schema.ts';
import { findUserById } from '../storage/users.ts';
import { PERFORMANCE_READERS } from '../tools/account/get-performance-overview.ts';
import { pausingCall } from '../tools/pausing-call.ts';
import { todayIn } from '../tools/reads/period.ts';
import { runningCampaigns } from '../tools/running-campaigns.ts';
import { envelopeCaller } from './envelope-caller.ts';

/** The shares of an envelope at which the workspace is told, in percent; the last one pauses. */
export const ENVELOPE_LEVELS = [80, 100] as const;

/** One account's month so far: its spend and its running campaigns. */
interface AccountMonth {
  account: AdAccount;
  currency: string;
  spentMicros: number;
  running: Array<{ id: string; name: string }>;
}

/** The last day of a `YYYY-MM` month. */
function lastDayOf(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).toISOString().slice(0, 10);
}

/**
 * The account's spend in the month (the calendar month in UTC, counted in the account's own reporting
 * days) and its campaigns running now, from one report of its platform.
 */
async function readMonth(
  services: PipelineServices,
  account: AdAccount,
  month: string,
): Promise<AccountMonth> {
  const today = todayIn(account.time_zone, services.clock.now());
  const start = `${month}-01`;
  const last = lastDayOf(month);
  const end = today < last ? today : last;
  // An account whose day is still in the month before has spent nothing of this one yet.
  const counted = end >= start;
  const read = PERFORMANCE_READERS[account.platform as Platform];
  const trace = { upstreamRequestIds: [], createdObjectIds: [] };
  const answer = await read(
    { services, account, trace },
    counted ? { start, end, byDay: false } : { start: today, end: today, byDay: false },
  );
  return {
    account,
    currency: answer.currency,
    spentMicros: counted ? answer.rows.reduce((sum, row) => sum + row.metrics.spendMicros, 0) : 0,
    running: runningCampaigns(account.platform as Platform, answer.campaigns).map((c) => ({
      id: c.id,
      name: c.name,
    })),
  };
}

export interface EnvelopeCheck {
  clientId: string;
  /** Per currency of the envelope: what the client's accounts spent this month. */
  spent: Record<string, number>;
  /** The campaigns paused by this check (a replay of an earlier pause counts, as it is the same one). */
  paused: Array<{ platform: string; accountId: string; campaignId: string; status: number; text: string }>;
  /** Accounts whose report could not be read: their spend is not counted this time. */
  unread: Array<{ platform: string; accountId: string; code: string }>;
}

/**
 * Checks one client's envelope now: at 80% and at 100% of a currency's envelope, the level is recorded
 * and the workspace told (`envelope.threshold`), once a month: the event's id is made of the client, the
 * month, the currency and the level. At 100%, when the client says so, every campaign of its accounts in
 * that currency that runs is paused through the pipeline, under a key made of the client, the month and the
 * campaign: checks retried, repeated each minute or run on two instances pause each campaign once a month.
 */
export async function checkEnvelope(
  services: PipelineServices,
  workspace: User,
  client: Client,
): Promise<EnvelopeCheck> {
  const { db } = services.storage;
  const now = services.clock.now();
  const month = quotaPeriod(now);
  const envelope = envelopeOf(client);
  const accounts = (await connectedAccountsOfClient(db, client)).filter((a) => a.status === 'active');
  const months: AccountMonth[] = [];
  const unread: EnvelopeCheck['unread'] = [];
  for (const account of accounts) {
    try {
      months.push(await readMonth(services, account, month));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unread.push({ platform: account.platform, accountId: account.account_id, code: error.code });
    }
  }
  const result: EnvelopeCheck = { clientId: client.id, spent: {}, paused: [], unread };
  for (const [currency, envelopeMicros] of Object.entries(envelope)) {
    const inCurrency = months.filter((m) => m.currency === currency);
    const spent = inCurrency.reduce((sum, m) => sum + m.spentMicros, 0);
    result.spent[currency] = spent;
    for (const level of ENVELOPE_LEVELS) {
      if (spent * 100 < envelopeMicros * level) continue;
      const mark = {
        client_id: client.id,
        month,
        currency,
        level,
        spent_micros: spent,
        envelope_micros: envelopeMicros,
        reached_at: now.toISOString(),
      };
      await markEnvelope(db, mark);
      await tellEnvelope(services, workspace, client, {
        ...mark,
        pauses: level === 100 && client.pause_at_envelope === 1,
      });
    }
    if (spent < envelopeMicros || client.pause_at_envelope !== 1) continue;
    const caller = envelopeCaller(workspace, client, accounts);
    for (const { account, running } of inCurrency) {
      for (const campaign of running) {
        const call = pausingCall(services.tools, {
          platform: account.platform,
          accountId: account.account_id,
          kind: 'campaign',
          ref: { kind: 'campaign', id: campaign.id },
        });
        if (!call) continue;
        const { outcome } = await executeTool(services, caller, call.toolName, call.args, {
          requestId: newId('req'),
          mode: {
            kind: 'envelope',
            clientId: client.id,
            pause: `${client.id}:${month}:${account.platform}:${campaign.id}`,
          },
        });
        result.paused.push({
          platform: account.platform,
          accountId: account.account_id,
          campaignId: campaign.id,
          status: outcome.status,
          text: outcome.ok ? outcome.data.text : outcome.message,
        });
      }
    }
  }
  return result;
}

async function tellEnvelope(
  services: PipelineServices,
  workspace: User,
  client: Client,
  mark: {
    month: string;
    currency: string;
    level: number;
    spent_micros: number;
    envelope_micros: number;
    pauses: boolean;
  },
): Promise<void> {
  const amount = (micros: number) => `${formatMicros(micros, mark.currency)} ${mark.currency}`;
  const then =
    mark.level < 100
      ? ''
      : mark.pauses
        ? ' Its running campaigns are being paused.'
        : ' Nothing is paused: the client only notifies.';
  await tellOwner(services, {
    id: eventIdOf('envelope.threshold', client.id, mark.month, mark.currency, String(mark.level)),
    userId: workspace.id,
    type: 'envelope.threshold',
    data: {
      client: { id: client.id, name: client.name },
      month: mark.month,
      currency: mark.currency,
      threshold_percent: mark.level,
      spent: formatMicros(mark.spent_micros, mark.currency),
      envelope: formatMicros(mark.envelope_micros, mark.currency),
      pauses: mark.pauses,
    },
    text: `${client.name} reached ${mark.level}% of its ${mark.month} envelope: ${amount(mark.spent_micros)} of ${amount(mark.envelope_micros)}.${then}`,
  });
}

/**
 * Checks every client whose envelope is due (not checked for ADOPS_ENVELOPE_CHECK_MINUTES), each apart:
 * one that fails is logged, checked again at the next minute, and the others go on.
 */
export async function checkEnvelopes(services: PipelineServices): Promise<EnvelopeCheck[]> {
  const { db } = services.storage;
  const now = services.clock.now();
  // A few seconds of slack: a check that ran late last time is not put off a whole interval.
  const since = new Date(now.getTime() - services.config.envelopeCheckMinutes * 60_000 + 5_000);
  const checks: EnvelopeCheck[] = [];
  for (const client of await envelopesDue(db, since)) {
    const workspace = await findUserById(db, client.workspace_id);
    if (!workspace) continue;
    try {
      checks.push(await checkEnvelope(services, workspace, client));
      await noteEnvelopeChecked(db, client.id, now);
    } catch (error) {
      services.logger.error({ err: error, client_id: client.id }, 'the envelope check of a client failed');
    }
  }
  return checks;
}
