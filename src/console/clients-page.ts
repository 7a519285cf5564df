import { formatMicros } from '../money.ts';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { roleAllows } from '../roles.ts';
import { envelopeOf } from '../storage/clients.ts';
import type { MemberRow } from '../storage/memberships.ts';
import type { AdAccount, Client, EnvelopeMark } from '../storage/schema.ts';
import { dataTable, type Row } from '../web/data-table.ts';
import { formatTime } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';

export interface ClientsView {
  session: SignedIn;
  clients: Client[];
  /** The connected accounts the member sees, and the client each is in (`platform:account_id` → id). */
  accounts: AdAccount[];
  clientOf: Map<string, string>;
  /** Each client's marks this month (80% and 100% reached), by client id. */
  marks: Map<string, EnvelopeMark[]>;
  month: string;
  /** The members below admin, and the clients each is limited to (none: every client). */
  members: Array<MemberRow & { clients: string[] }>;
  notice?: Notice | undefined;
}

function accountLabel(account: AdAccount): string {
  return `${PLATFORM_INFO[account.platform as Platform].label}: ${account.name} (${account.account_id})`;
}

function envelopeWords(client: Client, marks: EnvelopeMark[]): SafeHtml {
  const envelope = Object.entries(envelopeOf(client));
  if (envelope.length === 0) return html`<span class="muted">none</span>`;
  const reached = marks.map(
    (mark) =>
      html`<br><span class="muted">${mark.level}% of ${mark.currency} reached ${formatTime(mark.reached_at)}</span>`,
  );
  const amounts = envelope
    .map(([currency, micros]) => `${formatMicros(micros, currency)} ${currency}`)
    .join(', ');
  return html`${amounts} a month${client.pause_at_envelope ? ', pauses at 100%' : ', notifies only'}${reached}`;
}

function clientForms(client: Client, view: ClientsView): SafeHtml {
  const token = view.session.csrfToken;
  const envelope = Object.entries(envelopeOf(client))
    .map(([currency, micros]) => `${formatMicros(micros, currency)}:${currency}`)
    .join(', ');
  const boxes = view.accounts.map((account) => {
    const key = `${account.platform}:${account.account_id}`;
    const elsewhere = view.clientOf.get(key);
    const checked = elsewhere === client.id ? html` checked` : '';
    const moved = elsewhere && elsewhere !== client.id ? ' (moves it from its client)' : '';
    return html`<label><input type="checkbox" name="account" value="${key}"${checked}> ${accountLabel(account)}${moved}</label>`;
  });
  return html`<details class="confirm">
  <summary>Change<span class="visually-hidden"> ${client.name}</span></summary>
  <form method="post" action="/clients/${client.id}/accounts">
    ${csrfInput(token)}
    <fieldset><legend>Accounts of ${client.name}</legend>${boxes.length > 0 ? boxes : html`<p class="empty">No account is connected.</p>`}</fieldset>
    <button type="submit">Save the accounts of ${client.name}</button>
  </form>
  <form method="post" action="/clients/${client.id}/envelope" class="stack">
    ${csrfInput(token)}
    <label>Monthly envelope <input type="text" name="envelope" value="${envelope}" placeholder="e.g. 5000:USD" aria-describedby="envelope-hint-${client.id}"></label>
    <p id="envelope-hint-${client.id}" class="muted">Spend of the client's accounts in a calendar month (UTC), per currency. At 80% you are notified; empty for none.</p>
    <label><input type="checkbox" name="pause" value="1"${client.pause_at_envelope ? html` checked` : ''}> At 100%, pause every running campaign of ${client.name}</label>
    <button type="submit">Save the envelope of ${client.name}</button>
  </form>
</details>`;
}

function clientsTable(view: ClientsView): SafeHtml {
  if (view.clients.length === 0) return html`<p class="empty">No clients yet.</p>`;
  const manage = roleAllows(view.session.member.role, 'admin');
  const rows: Row[] = view.clients.map((client) => {
    const accounts = view.accounts.filter(
      (a) => view.clientOf.get(`${a.platform}:${a.account_id}`) === client.id,
    );
    return {
      cells: [
        { rowHeader: true, content: client.name },
        accounts.length > 0
          ? html`${accounts.map((a, i) => html`${i > 0 ? html`<br>` : ''}${accountLabel(a)}`)}`
          : html`<span class="muted">no account</span>`,
        envelopeWords(client, view.marks.get(client.id) ?? []),
        ...(manage ? [clientForms(client, view)] : []),
      ],
    };
  });
  const columns = [
    { label: 'Client' },
    { label: 'Accounts' },
    { label: `Envelope (${view.month})`, fold: true },
  ];
  return dataTable({
    caption: 'Clients of the workspace',
    columns: manage ? [...columns, { label: 'Actions', controls: true }] : columns,
    rows,
  });
}

function membersTable(view: ClientsView): SafeHtml {
  // A member limited to clients is not shown the rest of the workspace's clients through the others' limits.
  if (view.members.length === 0 || view.clients.length === 0 || view.session.member.clients !== null)
    return html``;
  const manage = roleAllows(view.session.member.role, 'admin');
  const names = new Map(view.clients.map((c) => [c.id, c.name]));
  const rows: Row[] = view.members.map((member) => ({
    cells: [
      { rowHeader: true, content: html`<span class="address">${member.email}</span>` },
      member.role,
      member.clients.length === 0
        ? 'every client'
        : member.clients.map((id) => names.get(id) ?? id).join(', '),
      ...(manage
        ? [
            html`<details class="confirm">
  <summary>Limit<span class="visually-hidden"> ${member.email}</span></summary>
  <form method="post" action="/clients/members/${member.person_id}">
    ${csrfInput(view.session.csrfToken)}
    <fieldset><legend>Clients ${member.email} may see and act on (none ticked: every client)</legend>
    ${view.clients.map(
      (client) =>
        html`<label><input type="checkbox" name="client" value="${client.id}"${member.clients.includes(client.id) ? html` checked` : ''}> ${client.name}</label>`,
    )}</fieldset>
    <button type="submit">Save the clients of ${member.email}</button>
  </form>
</details>`,
          ]
        : []),
    ],
  }));
  const columns = [{ label: 'Member' }, { label: 'Role' }, { label: 'Limited to' }];
  return html`<h2>Members limited to clients</h2>
<p>A member limited to clients sees and acts on only their accounts, the keys limited to them, their changes and approvals; the keys they make must be for one of them. Admins see every client.</p>
${dataTable({ caption: 'Members and their clients', columns: manage ? [...columns, { label: 'Actions', controls: true }] : columns, rows })}`;
}

function createForm(view: ClientsView): SafeHtml {
  if (!roleAllows(view.session.member.role, 'admin')) return html``;
  return html`<h2>Add a client</h2>
<form method="post" action="/clients" class="stack">
  ${csrfInput(view.session.csrfToken)}
  <label>Name <input type="text" name="name" required maxlength="100" placeholder="e.g. Acme Shoes"></label>
  <button type="submit">Add the client</button>
</form>`;
}

export function clientsPage(view: ClientsView) {
  const body = html`<p>Group accounts into clients: a key or a member can be limited to a client, and a client can have a monthly spend envelope.</p>
${clientsTable(view)}
${createForm(view)}
${membersTable(view)}`;
  return page({ title: 'Clients', session: view.session, section: '/clients', notice: view.notice, body });
}
