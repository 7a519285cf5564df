import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { assignAccounts, createClient, limitMember, requireClient, setEnvelope } from '../owners/clients.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { quotaPeriod } from '../quota.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import { clientOfAccounts, clientsOfMember, envelopeMarks } from '../storage/clients.ts';
import { listMembers } from '../storage/memberships.ts';
import { findPersonById } from '../storage/people.ts';
import { findUserById } from '../storage/users.ts';
import { signedIn } from '../web/console-request.ts';
import { formField, formFields } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import { type Notice, sendPage } from '../web/layout.ts';
import { visibleAccounts, visibleClients } from '../web/member-scope.ts';
import { ADMIN } from '../web/roles.ts';
import { clientsPage } from './clients-page.ts';

const DONE = {
  created: 'The client is added: give it accounts under Change.',
  accounts: 'The accounts are saved: keys limited to the client act on them from their next call.',
  envelope: 'The envelope is saved: it is checked within a minute, then at the interval the service sets.',
  limited: 'The member’s clients are saved: they apply from their next page.',
} as const;

/** The workspace's clients: accounts grouped, monthly envelopes, members limited to clients. */
export function registerClientsRoutes(app: FastifyInstance, services: Services): void {
  const { storage, clock } = services;

  async function render(request: FastifyRequest, reply: FastifyReply, status: number, notice?: Notice) {
    const session = signedIn(request);
    const db = storage.db;
    const month = quotaPeriod(clock.now());
    const [clients, accounts, clientOf, members] = await Promise.all([
      visibleClients(db, session),
      visibleAccounts(db, session),
      clientOfAccounts(db, session.user.id),
      listMembers(db, session.user.id),
    ]);
    const marks = new Map(
      await Promise.all(clients.map(async (c) => [c.id, await envelopeMarks(db, c.id, month)] as const)),
    );
    const limited = await Promise.all(
      members
        .filter((m) => m.role !== 'admin')
        .map(async (m) => ({ ...m, clients: await clientsOfMember(db, session.user.id, m.person_id) })),
    );
    return sendPage(
      reply,
      status,
      clientsPage({ session, clients, accounts, clientOf, marks, month, members: limited, notice }),
    );
  }

  async function workspaceOf(request: FastifyRequest) {
    const workspace = await findUserById(storage.db, signedIn(request).user.id);
    if (!workspace) throw new Error('the signed-in workspace no longer exists');
    return workspace;
  }

  /** Runs a change of clients; an OwnerError is the notice of the page shown again, with 400. */
  async function change(request: FastifyRequest, reply: FastifyReply, act: () => Promise<keyof typeof DONE>) {
    try {
      const text = DONE[await act()];
      return await formDone(services, request, reply, '/clients', text);
    } catch (error) {
      if (!(error instanceof OwnerError)) throw error;
      return render(request, reply, 400, { kind: 'error', text: error.message });
    }
  }

  app.get('/clients', async (request, reply) => render(request, reply, 200));

  app.post('/clients', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      await createClient(storage.db, await workspaceOf(request), formField(request, 'name'), clock.now());
      return 'created';
    }),
  );

  app.post<{ Params: { id: string } }>('/clients/:id/accounts', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      const workspace = await workspaceOf(request);
      const client = await requireClient(storage.db, workspace, request.params.id);
      const ticked = formFields(request, 'account');
      // Only connected accounts are on the form: one disconnected stays with its client.
      const clientOf = await clientOfAccounts(storage.db, workspace.id);
      const leaving = (await listAdAccounts(storage.db, workspace.id))
        .map((a) => `${a.platform}:${a.account_id}`)
        .filter((key) => clientOf.get(key) === client.id && !ticked.includes(key));
      if (ticked.length > 0) await assignAccounts(storage.db, workspace, client, ticked);
      if (leaving.length > 0) await assignAccounts(storage.db, workspace, null, leaving);
      return 'accounts';
    }),
  );

  app.post<{ Params: { id: string } }>('/clients/:id/envelope', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      const client = await requireClient(storage.db, await workspaceOf(request), request.params.id);
      await setEnvelope(
        storage.db,
        client,
        formField(request, 'envelope'),
        formField(request, 'pause') === '1',
      );
      return 'envelope';
    }),
  );

  app.post<{ Params: { id: string } }>('/clients/members/:id', ADMIN, async (request, reply) =>
    change(request, reply, async () => {
      const workspace = await workspaceOf(request);
      const person = await findPersonById(storage.db, request.params.id);
      if (!person) throw new OwnerError('There is no such member.');
      const clients = [];
      for (const id of formFields(request, 'client'))
        clients.push(await requireClient(storage.db, workspace, id));
      await limitMember(storage.db, workspace, person.email, clients);
      return 'limited';
    }),
  );
}
