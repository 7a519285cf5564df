import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { changeMonitor, type MonitorChangeTool } from '../owners/monitor-changes.ts';
import { lastActivity, latestChecks, listFirings } from '../storage/monitor-history.ts';
import { findMonitor, listMonitors } from '../storage/monitors.ts';
import type { Monitor } from '../storage/schema.ts';
import { findUserById } from '../storage/users.ts';
import { ruleOfMonitor } from '../tools/monitors/monitor-object.ts';
import { actingMember } from '../web/acting-member.ts';
import { signedIn } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import { sendPage } from '../web/layout.ts';
import { isLimited, visibleAccounts } from '../web/member-scope.ts';
import { OPERATOR } from '../web/roles.ts';
import { type MonitorItem, monitorPage, monitorsPage } from './monitors-page.ts';

const HISTORY_SHOWN = 20;

/** The edit form's fields, as update_monitor takes them: numbers as numbers, a field left empty not sent. */
const EDITED = ['name', 'check_every_minutes', 'consecutive_checks', 'action', 'action_value'] as const;
const NUMBERS = new Set<string>(['check_every_minutes', 'consecutive_checks', 'action_value']);

/** `/monitors`: the workspace's monitors, each to suspend, resume, edit or delete, with its history. */
export function registerMonitorsRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.storage;

  /** The member's monitors: a member limited to clients sees those on their accounts only. */
  async function itemsOf(request: FastifyRequest, monitors: Monitor[]): Promise<MonitorItem[]> {
    const session = signedIn(request);
    const accounts = await visibleAccounts(db, session);
    const activity = await lastActivity(
      db,
      monitors.map((m) => m.id),
    );
    return monitors.flatMap((monitor) => {
      const account = accounts.find(
        (a) => a.platform === monitor.platform && a.account_id === monitor.account_id,
      );
      // A monitor of a disconnected account is the workspace's still, but no client's.
      if (!account && isLimited(session)) return [];
      const last = activity.get(monitor.id) ?? { lastCheck: undefined, lastFiring: undefined };
      return [{ monitor, rule: ruleOfMonitor(monitor), account, last }];
    });
  }

  async function itemOf(request: FastifyRequest, id: string): Promise<MonitorItem | undefined> {
    const monitor = await findMonitor(db, signedIn(request).user.id, id);
    return monitor && (await itemsOf(request, [monitor]))[0];
  }

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    item: MonitorItem,
    status: number,
    extra: Pick<Parameters<typeof monitorPage>[0], 'notice' | 'draft'> = {},
  ) {
    const [checks, firings] = await Promise.all([
      latestChecks(db, item.monitor.id, HISTORY_SHOWN),
      listFirings(db, item.monitor.id, HISTORY_SHOWN),
    ]);
    return sendPage(
      reply,
      status,
      monitorPage({ session: signedIn(request), item, checks, firings, ...extra }),
    );
  }

  async function change(request: FastifyRequest, tool: MonitorChangeTool, args: Record<string, unknown>) {
    const session = signedIn(request);
    const owner = await findUserById(db, session.user.id);
    if (!owner) throw new Error('the signed-in workspace no longer exists');
    return changeMonitor(services, owner, actingMember(session), tool, args);
  }

  app.get('/monitors', async (request, reply) => {
    const monitors = await listMonitors(db, signedIn(request).user.id, {});
    const items = await itemsOf(request, monitors);
    return sendPage(reply, 200, monitorsPage({ session: signedIn(request), monitors: items }));
  });

  app.get<{ Params: { id: string } }>('/monitors/:id', async (request, reply) => {
    const item = await itemOf(request, request.params.id);
    return item ? render(request, reply, item, 200) : reply.callNotFound();
  });

  app.post<{ Params: { id: string } }>('/monitors/:id', OPERATOR, async (request, reply) => {
    const item = await itemOf(request, request.params.id);
    if (!item) return reply.callNotFound();
    const draft: Record<string, string> = {};
    const args: Record<string, unknown> = { monitor_id: item.monitor.id };
    for (const field of EDITED) {
      const text = formField(request, field).trim();
      draft[field] = text;
      if (
        text === '' ||
        (field === 'action_value' && formField(request, 'action') !== 'lower_budget_percent')
      )
        continue;
      args[field] = NUMBERS.has(field) && /^\d+$/.test(text) ? Number(text) : text;
    }
    const outcome = await change(request, 'update_monitor', args);
    if (!outcome.ok)
      return render(request, reply, item, outcome.status, { notice: errorNotice(outcome), draft });
    return formDone(
      services,
      request,
      reply,
      `/monitors/${item.monitor.id}`,
      `Saved: “${String(args.name ?? item.rule.name)}” is changed from its next check.`,
    );
  });

  for (const [path, enabled] of [
    ['suspend', false],
    ['resume', true],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/monitors/:id/${path}`, OPERATOR, async (request, reply) => {
      const item = await itemOf(request, request.params.id);
      if (!item) return reply.callNotFound();
      const outcome = await change(request, 'update_monitor', { monitor_id: item.monitor.id, enabled });
      if (!outcome.ok) return render(request, reply, item, outcome.status, { notice: errorNotice(outcome) });
      const text = enabled
        ? `“${item.rule.name}” is checked again from its next minute.`
        : `“${item.rule.name}” is suspended: it is not checked, and does nothing, until you resume it.`;
      return formDone(services, request, reply, `/monitors/${item.monitor.id}`, text);
    });
  }

  app.post<{ Params: { id: string } }>('/monitors/:id/delete', OPERATOR, async (request, reply) => {
    const item = await itemOf(request, request.params.id);
    if (!item) return reply.callNotFound();
    const outcome = await change(request, 'delete_monitor', { monitor_id: item.monitor.id });
    if (!outcome.ok) return render(request, reply, item, outcome.status, { notice: errorNotice(outcome) });
    return formDone(
      services,
      request,
      reply,
      '/monitors',
      `“${item.rule.name}” is deleted: it is checked no more. What it did stays in the activity.`,
    );
  });
}

function errorNotice(outcome: { message: string }) {
  return { kind: 'error' as const, text: `Nothing was changed: ${outcome.message}` };
}
