import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { type RevertOutcome, revertChange, revertPlan } from '../owners/revert-change.ts';
import {
  approvalIdOfRequest,
  findChange,
  iterateChanges,
  listChanges,
  listRevertsOf,
} from '../storage/change-history.ts';
import { listMembers } from '../storage/memberships.ts';
import { listMonitors } from '../storage/monitors.ts';
import { listAppsEverGranted } from '../storage/oauth-grants.ts';
import { findUserById } from '../storage/users.ts';
import { actingMember } from '../web/acting-member.ts';
import { signedIn } from '../web/console-request.ts';
import { formDone } from '../web/form-done.ts';
import { html } from '../web/html.ts';
import { type Notice, page, sendPage } from '../web/layout.ts';
import { seesAccountOf, visibleAccounts, visibleChanges, visibleKeys } from '../web/member-scope.ts';
import { OPERATOR } from '../web/roles.ts';
import { activityCsv, csvFileName } from './activity-csv.ts';
import { changeFilters, parseActivityQuery, writeToolNames } from './activity-filters.ts';
import { activityPage } from './activity-page.ts';
import { changePage } from './change-page.ts';
import { describeChange } from './change-view.ts';

const PAGE_SIZE = 50;
/** The most rows one export holds: past that, narrow the dates. */
const CSV_LIMIT = 100_000;

export function registerActivityRoutes(app: FastifyInstance, services: Services): void {
  const { storage, tools, clock } = services;
  const writeTools = writeToolNames(tools);

  app.get<{ Querystring: Record<string, unknown> }>('/activity', async (request, reply) => {
    const session = signedIn(request);
    const userId = session.user.id;
    const query = parseActivityQuery(request.query);
    const filters = await visibleChanges(storage.db, session, changeFilters(tools, query));
    const [list, keys, apps, monitors, accounts, members] = await Promise.all([
      listChanges(storage, userId, filters, { limit: PAGE_SIZE, before: query.before }),
      visibleKeys(storage.db, session),
      listAppsEverGranted(storage.db, userId),
      listMonitors(storage.db, userId, {}),
      visibleAccounts(storage.db, session),
      listMembers(storage.db, userId),
    ]);
    const view = {
      session,
      query,
      changes: list.changes.map((row) => describeChange(row, tools)),
      next: list.next,
      choices: { keys, apps, monitors, accounts, members },
      csvLimit: CSV_LIMIT,
    };
    return sendPage(reply, 200, activityPage(view));
  });

  app.get<{ Querystring: Record<string, unknown> }>('/activity.csv', async (request, reply) => {
    const session = signedIn(request);
    const query = parseActivityQuery(request.query);
    // The export is the whole filtered list, whatever page the owner was on.
    const filters = await visibleChanges(storage.db, session, changeFilters(tools, query));
    const rows = iterateChanges(storage, session.user.id, filters, { max: CSV_LIMIT });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(clock.now())}"`)
      .send(Readable.from(activityCsv(rows, tools)));
  });

  async function renderChange(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    answer?: { status: number; notice: Notice },
  ) {
    const session = signedIn(request);
    const userId = session.user.id;
    const found = await findChange(storage, userId, writeTools, id);
    const row = found && (await seesAccountOf(storage.db, session, found)) ? found : undefined;
    if (!row) {
      const body = html`<p><a href="/activity">All activity</a></p>`;
      const notice = { kind: 'error' as const, text: 'There is no such change.' };
      return sendPage(reply, 404, page({ title: 'Activity', session, section: '/activity', notice, body }));
    }
    const [reverts, waitingApproval] = await Promise.all([
      listRevertsOf(storage, userId, writeTools, row.id),
      row.status === 202 ? approvalIdOfRequest(storage.db, userId, row.request_id) : undefined,
    ]);
    const view = {
      session,
      notice: answer?.notice,
      change: describeChange(row, tools),
      revert: revertPlan(tools, row),
      reverts: reverts.map((revert) => describeChange(revert, tools)),
      waitingApproval,
    };
    return sendPage(reply, answer?.status ?? 200, changePage(view));
  }

  app.get<{ Params: { id: string } }>('/activity/:id', async (request, reply) =>
    renderChange(request, reply, request.params.id),
  );

  // A revert made answers 303 to the change's page, which says what it did once; one refused (the object
  // changed since) answers 409 with the change's page and why, having written nothing.
  app.post<{ Params: { id: string } }>('/activity/:id/revert', OPERATOR, async (request, reply) => {
    const owner = await findUserById(storage.db, signedIn(request).user.id);
    if (!owner) throw new Error('the signed-in owner no longer exists');
    const change = await findChange(storage, owner.id, writeTools, request.params.id);
    if (!change || !(await seesAccountOf(storage.db, signedIn(request), change))) {
      return renderChange(request, reply, request.params.id);
    }
    let reverted: RevertOutcome;
    try {
      reverted = await revertChange(services, owner, request.params.id, actingMember(signedIn(request)));
    } catch (error) {
      if (error instanceof OwnerError) return renderChange(request, reply, request.params.id);
      throw error;
    }
    request.log.info({ change_id: request.params.id, outcome: reverted.kind }, 'console reverted a change');
    if (reverted.kind === 'refused') {
      const notice: Notice = { kind: 'error', text: reverted.message };
      return renderChange(request, reply, request.params.id, { status: 409, notice });
    }
    return formDone(services, request, reply, `/activity/${request.params.id}`, reverted.message);
  });
}
