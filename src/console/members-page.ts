import type { NewInvitation } from '../owners/members.ts';
import { ROLE_SUMMARIES, ROLES, type Role, roleAllows } from '../roles.ts';
import type { MemberRow } from '../storage/memberships.ts';
import type { Invitation, MemberAction } from '../storage/schema.ts';
import { dataTable, type Row } from '../web/data-table.ts';
import { formatTime } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { csrfInput, type Notice, page } from '../web/layout.ts';
import { secretField } from '../web/secret-field.ts';
import type { SignedIn } from '../web/session.ts';
import { MEMBER_ACTION_LABELS } from './member-action-labels.ts';

export interface MembersView {
  session: SignedIn;
  members: MemberRow[];
  invitations: Invitation[];
  /** The members' latest console actions, newest first. */
  actions: MemberAction[];
  now: Date;
  /** The amounts a day above which a change waits for two approvers, as the form shows them; '' for none. */
  twoApproversAbove: string;
  notice?: Notice | undefined;
}

function roleOptions(selected: string): SafeHtml[] {
  return ROLES.map(
    (role) => html`<option value="${role}"${role === selected ? html` selected` : ''}>${role}</option>`,
  );
}

function memberActions(member: MemberRow, view: MembersView): SafeHtml {
  const token = view.session.csrfToken;
  const you = member.person_id === view.session.member.personId;
  return html`<details class="confirm">
  <summary>Change<span class="visually-hidden"> ${member.email}</span></summary>
  <form method="post" action="/members/${member.person_id}/role">
    ${csrfInput(token)}
    <label>Role <select name="role">${roleOptions(member.role)}</select></label>
    <button type="submit">Set the role of ${member.email}</button>
  </form>
  <form method="post" action="/members/${member.person_id}/remove">
    ${csrfInput(token)}
    <p>${you ? 'You lose access to this workspace at once.' : `${member.email} loses access at once; the keys they made keep working until revoked.`}</p>
    <button type="submit" class="danger">Remove ${member.email}</button>
  </form>
</details>`;
}

function membersTable(view: MembersView): SafeHtml {
  const manage = roleAllows(view.session.member.role, 'admin');
  const rows: Row[] = view.members.map((member) => ({
    current: member.person_id === view.session.member.personId,
    cells: [
      { rowHeader: true, content: html`<span class="address">${member.email}</span>` },
      member.role,
      formatTime(member.created_at),
      ...(manage ? [memberActions(member, view)] : []),
    ],
  }));
  const columns = [{ label: 'Member' }, { label: 'Role' }, { label: 'Since', fold: true }];
  return dataTable({
    caption: 'Members of the workspace',
    columns: manage ? [...columns, { label: 'Actions', controls: true }] : columns,
    rows,
  });
}

function invitationsTable(view: MembersView): SafeHtml {
  if (view.invitations.length === 0) return html``;
  const manage = roleAllows(view.session.member.role, 'admin');
  const rows: Row[] = view.invitations.map((invitation) => ({
    cells: [
      { rowHeader: true, content: html`<span class="address">${invitation.email}</span>` },
      invitation.role,
      invitation.expires_at <= view.now.toISOString()
        ? html`expired ${formatTime(invitation.expires_at)}`
        : formatTime(invitation.expires_at),
      ...(manage
        ? [
            html`<form method="post" action="/members/invitations/${invitation.id}/withdraw">
  ${csrfInput(view.session.csrfToken)}
  <button type="submit" class="secondary">Withdraw<span class="visually-hidden"> the invitation of ${invitation.email}</span></button>
</form>`,
          ]
        : []),
    ],
  }));
  const columns = [{ label: 'Invited' }, { label: 'Role' }, { label: 'Link works until', fold: true }];
  return html`<h2>Invitations not yet accepted</h2>
${dataTable({ caption: 'Invitations not yet accepted', columns: manage ? [...columns, { label: 'Actions', controls: true }] : columns, rows })}`;
}

/** The invitation link just made, under the notice of the page its form redirects to: the only time it is shown. */
export function newInvitationBox(invitation: NewInvitation): SafeHtml {
  return html`<section class="secret" aria-labelledby="invitation-link-title">
  <h2 id="invitation-link-title">Invitation link for ${invitation.invitation.email}</h2>
  <p>This service sends no e-mail: send this link to them yourself. It is shown once, opens once, and works
until ${formatTime(invitation.invitation.expires_at)}.</p>
  ${secretField('invitation-link', 'Invitation link', invitation.link)}
</section>`;
}

function inviteForm(view: MembersView): SafeHtml {
  if (!roleAllows(view.session.member.role, 'admin')) return html``;
  const roles = ROLES.map((role: Role) => html`<li><strong>${role}</strong>: ${ROLE_SUMMARIES[role]}</li>`);
  return html`<h2>Invite someone</h2>
<form method="post" action="/members/invite" class="stack">
  ${csrfInput(view.session.csrfToken)}
  <label>Email <input type="email" name="email" required autocomplete="off"></label>
  <label>Role <select name="role">${roleOptions('viewer')}</select></label>
  <button type="submit">Create an invitation link</button>
</form>
<ul class="muted">${roles}</ul>`;
}

function secondFactorForm(view: MembersView): SafeHtml {
  const { session } = view;
  const state = session.secondFactorRequired
    ? 'Approvers and admins must sign in with a second factor to approve and to administer.'
    : 'No second factor is required: approvers and admins may approve and administer signed in with a password alone.';
  if (!roleAllows(session.member.role, 'admin')) return html`<h2>Second factor</h2><p>${state}</p>`;
  return html`<h2>Second factor</h2>
<p>${state} Each member sets up their own authenticator on their account page.</p>
<form method="post" action="/members/second-factor">
  ${csrfInput(session.csrfToken)}
  <input type="hidden" name="second_factor" value="${session.secondFactorRequired ? 'off' : 'approvers'}">
  <button type="submit" class="secondary">${session.secondFactorRequired ? 'Stop requiring it' : 'Require a second factor'}</button>
</form>`;
}

function twoApproversForm(view: MembersView): SafeHtml {
  const state = view.twoApproversAbove
    ? html`A change projected to spend more a day than <strong>${view.twoApproversAbove}</strong> (or whose daily spend cannot be projected) waits for two approvers, each someone else.`
    : 'One approver decides every change.';
  if (!roleAllows(view.session.member.role, 'admin')) return html`<h2>Two approvers</h2><p>${state}</p>`;
  return html`<h2>Two approvers</h2>
<p>${state}</p>
<form method="post" action="/members/two-approvers" class="stack">
  ${csrfInput(view.session.csrfToken)}
  <label>Two approvers above, a day <input type="text" name="two_approvers_above" value="${view.twoApproversAbove}" placeholder="e.g. 500:USD, 400:EUR" aria-describedby="two-approvers-hint"></label>
  <p id="two-approvers-hint" class="muted">An amount and a currency per currency, like 500:USD; empty for one approver always.</p>
  <button type="submit" class="secondary">Save</button>
</form>`;
}

function actionsTable(view: MembersView): SafeHtml {
  if (view.actions.length === 0)
    return html`<h2>Recent actions</h2><p class="empty">No member has changed anything yet.</p>`;
  const rows: Row[] = view.actions.map((action) => {
    const subject = action.subject ? (JSON.parse(action.subject) as Record<string, string>) : {};
    return {
      cells: [
        formatTime(action.created_at),
        { rowHeader: true, content: html`<span class="address">${action.email}</span>` },
        MEMBER_ACTION_LABELS[action.route] ?? action.route,
        html`<span class="address">${Object.values(subject).join(' · ')}</span>`,
      ],
    };
  });
  const columns = [{ label: 'When' }, { label: 'Member' }, { label: 'What' }, { label: 'On', fold: true }];
  return html`<h2>Recent actions</h2>
${dataTable({ caption: 'What members did in the console, newest first', columns, rows })}`;
}

export function membersPage(view: MembersView) {
  const body = html`
<p>The people who work in <strong>${view.session.user.name}</strong>, and what each may do. Keys, connections
and approvals belong to the workspace, not to the member who made them.</p>
${membersTable(view)}
${invitationsTable(view)}
${inviteForm(view)}
${twoApproversForm(view)}
${secondFactorForm(view)}
${actionsTable(view)}`;
  return page({ title: 'Members', session: view.session, section: '/members', notice: view.notice, body });
}
