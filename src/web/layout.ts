import type { FastifyReply } from 'fastify';
import { CSRF_FIELD } from './csrf.ts';
import type { Flash } from './flash.ts';
import { formatTime } from './format.ts';
import { html, type Interpolation, type SafeHtml } from './html.ts';
import type { SignedIn } from './session.ts';
import { assetPath } from './static-assets.ts';

const SECTIONS = [
  { path: '/', label: 'Overview' },
  { path: '/activity', label: 'Activity' },
  { path: '/approvals', label: 'Approvals' },
  { path: '/monitors', label: 'Monitors' },
  { path: '/keys', label: 'API keys' },
  { path: '/connections', label: 'Connections' },
  { path: '/notifications', label: 'Notifications' },
  { path: '/members', label: 'Members' },
  { path: '/clients', label: 'Clients' },
  { path: '/usage', label: 'Usage' },
  { path: '/billing', label: 'Plan' },
] as const;

export interface Notice {
  kind: 'success' | 'error';
  text: Interpolation;
}

export interface PageOptions {
  title: string;
  /** The signed-in owner; pages for visitors leave it out and show no navigation. */
  session?: SignedIn | undefined;
  /** Path of the section this page belongs to, marked as current in the navigation. */
  section?: string;
  notice?: Notice | undefined;
  body: SafeHtml;
}

export function csrfInput(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

export function noticeBox(notice: Notice | undefined): SafeHtml {
  if (!notice) return html``;
  // An error interrupts (alert); a success is announced politely (status).
  const role = notice.kind === 'error' ? 'alert' : 'status';
  return html`<p class="notice notice-${notice.kind}" role="${role}">${notice.text}</p>`;
}

/** What the form before this page did (post/redirect/get), announced like a notice. */
function flashBox(flash: Flash | undefined): SafeHtml {
  return flash ? html`${noticeBox({ kind: flash.kind, text: flash.html })}${flash.details ?? ''}` : html``;
}

/** The approvals waiting for the owner, beside the link to them; nothing when none wait. */
function pendingCount(count: number): SafeHtml {
  if (count === 0) return html``;
  return html` <span class="count">${count}<span class="visually-hidden"> pending</span></span>`;
}

/**
 * The header: the brand, then the sections and who is signed in. On a phone they fold into a Menu
 * disclosure, one line tall until opened; on a wider screen the disclosure's content always shows and
 * its summary does not (console.css), so every page works without a script.
 */
function header(session: SignedIn | undefined, section: string | undefined): SafeHtml {
  if (!session) return html`<header class="top"><span class="brand">adops</span></header>`;
  const links = SECTIONS.map(
    (s) =>
      html`<li><a href="${s.path}"${s.path === section ? html` aria-current="page"` : ''}>${s.label}${s.path === '/approvals' ? pendingCount(session.pendingApprovals) : ''}</a></li>`,
  );
  const current = SECTIONS.find((s) => s.path === section)?.label;
  return html`<header class="top">
  <a class="brand" href="/">adops</a>
  <details class="menu">
    <summary>Menu${current ? html`<span class="menu-current">: ${current}</span>` : ''}${pendingCount(session.pendingApprovals)}</summary>
    <div class="menu-body">
      <nav aria-label="Console"><ul>${links}</ul></nav>
      <div class="account">
        ${workspaceSwitch(session)}
        <form method="post" action="/logout" class="sign-out">
          ${csrfInput(session.csrfToken)}
          <a class="who" href="/account">${session.member.email} · ${session.member.role}</a>
          <button type="submit" class="secondary">Sign out</button>
        </form>
      </div>
    </div>
  </details>
</header>`;
}

/** The workspace on show, and the others of the person to switch to. */
function workspaceSwitch(session: SignedIn): SafeHtml {
  if (session.workspaces.length < 2) return html`<span class="workspace">${session.user.name}</span>`;
  const options = session.workspaces.map(
    (w) =>
      html`<option value="${w.id}"${w.id === session.user.id ? html` selected` : ''}>${w.name} (${w.role})</option>`,
  );
  return html`<form method="post" action="/workspace" class="workspace-switch">
      ${csrfInput(session.csrfToken)}
      <label for="workspace-id" class="visually-hidden">Workspace</label>
      <select id="workspace-id" name="workspace_id">${options}</select>
      <button type="submit" class="secondary">Switch</button>
    </form>`;
}

/** While the owner's agents are stopped, every page says so, so nobody forgets to resume them. */
function stoppedBanner(session: SignedIn | undefined): SafeHtml {
  if (!session?.agentsStoppedAt) return html``;
  return html`<p class="notice notice-error">All agents stopped since ${formatTime(session.agentsStoppedAt)}: every key and app is refused. <a href="/keys#agents-title">Resume agents</a></p>`;
}

export function page(options: PageOptions): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · adops</title>
<link rel="icon" href="${assetPath('favicon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${assetPath('console.css')}">
<script src="${assetPath('console.js')}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${header(options.session, options.section)}
<main id="main">
${stoppedBanner(options.session)}
<h1>${options.title}</h1>
${flashBox(options.session?.flash)}
${noticeBox(options.notice)}
${options.body}
</main>
</body>
</html>
`;
}

export function sendPage(reply: FastifyReply, status: number, content: SafeHtml): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').send(content.text);
}
