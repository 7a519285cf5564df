import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { periodBounds, periodEnd, quotaPeriod, tierLimit } from '../quota.ts';
import { quotaUsed } from '../storage/quota.ts';
import { callsPerDay, recentCalls, type StatusFilter } from '../storage/usage-history.ts';
import { signedIn } from '../web/console-request.ts';
import { sendPage } from '../web/layout.ts';
import { isLimited, visibleKeys } from '../web/member-scope.ts';
import { fillDays } from './usage-chart.ts';
import { usagePage } from './usage-page.ts';

const RECENT_CALLS = 50;

function parseStatus(value: unknown): StatusFilter | undefined {
  if (value === 'succeeded' || value === 'failed') return value;
  if (typeof value === 'string' && /^[1-5]\d\d$/.test(value)) return Number(value);
  return undefined;
}

export function registerUsageRoutes(app: FastifyInstance, services: Services): void {
  const { config, storage, clock, tools } = services;
  const toolNames = [...tools.keys()].sort();

  app.get<{ Querystring: { tool?: string; status?: string } }>('/usage', async (request, reply) => {
    const session = signedIn(request);
    const now = clock.now();
    const { start, end } = periodBounds(now);
    const dayCount = Math.round((end.getTime() - start.getTime()) / 86_400_000);
    const tool = toolNames.includes(request.query.tool ?? '') ? request.query.tool : undefined;
    const status = parseStatus(request.query.status);
    // A member limited to clients sees the calls of their clients' keys, not the rest of the workspace's.
    const keyIds = isLimited(session)
      ? (await visibleKeys(storage.db, session)).map((key) => key.id)
      : undefined;
    const [used, daily, calls] = await Promise.all([
      quotaUsed(storage.db, session.user.id, quotaPeriod(now)),
      callsPerDay(storage.db, session.user.id, start, end),
      recentCalls(storage.db, session.user.id, { tool, status, keyIds, limit: RECENT_CALLS }),
    ]);
    const view = {
      session,
      quota: {
        used,
        limit: tierLimit(config, session.user.tier),
        tier: session.user.tier,
        periodEnd: periodEnd(now),
      },
      days: fillDays(start, dayCount, daily),
      calls,
      tools: toolNames,
      filters: { tool, status },
      shown: RECENT_CALLS,
    };
    return sendPage(reply, 200, usagePage(view));
  });
}
