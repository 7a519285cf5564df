import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import { listApiKeys } from '../storage/api-keys.ts';
import {
  approvalIdOfRequest,
  findChange,
  iterateChanges,
  listChanges,
  listRevertsOf,
} from '../storage/change-history.ts';
import { listAppsEverGranted } from '../storage/oauth-grants.ts';
import { signedIn } from '../web/console-request.ts';
import { html } from '../web/html.ts';
import { page, sendPage } from '../web/layout.ts';
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
    const [list, keys, apps, accounts] = await Promise.all([
      listChanges(storage, userId, changeFilters(tools, query), { limit: PAGE_SIZE, before: query.before }),
      listApiKeys(storage.db, userId),
      listAppsEverGranted(storage.db, userId),
      listAdAccounts(storage.db, userId),
    ]);
    const view = {
      session,
      query,
      changes: list.changes.map((row) => describeChange(row, tools)),
      next: list.next,
      choices: { keys, apps, accounts },
      csvLimit: CSV_LIMIT,
    };
    return sendPage(reply, 200, activityPage(view));
  });

  app.get<{ Querystring: Record<string, unknown> }>('/activity.csv', async (request, reply) => {
    const session = signedIn(request);
    const query = parseActivityQuery(request.query);
    // The export is the whole filtered list, whatever page the owner was on.
    const rows = iterateChanges(storage, session.user.id, changeFilters(tools, query), { max: CSV_LIMIT });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(clock.now())}"`)
      .send(Readable.from(activityCsv(rows, tools)));
  });

  app.get<{ Params: { id: string } }>('/activity/:id', async (request, reply) => {
    const session = signedIn(request);
    const userId = session.user.id;
    const row = await findChange(storage, userId, writeTools, request.params.id);
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
      change: describeChange(row, tools),
      reverts: reverts.map((revert) => describeChange(revert, tools)),
      waitingApproval,
    };
    return sendPage(reply, 200, changePage(view));
  });
}
