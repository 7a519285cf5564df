import type { FastifyReply } from 'fastify';
import { CSRF_FIELD } from './csrf.ts';
import { html, type Interpolation, type SafeHtml } from './html.ts';
import type { SignedIn } from './session.ts';
import { assetPath } from './static-assets.ts';

const SECTIONS = [
  { path: '/keys', label: 'API keys' },
  { path: '/connections', label: 'Connections' },
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

function header(session: SignedIn | undefined, section: string | undefined): SafeHtml {
  if (!session) return html`<header class="top"><span class="brand">adops</span></header>`;
  const links = SECTIONS.map(
    (s) =>
      html`<li><a href="${s.path}"${s.path === section ? html` aria-current="page"` : ''}>${s.label}</a></li>`,
  );
  return html`<header class="top">
  <a class="brand" href="/keys">adops</a>
  <nav aria-label="Console"><ul>${links}</ul></nav>
  <form method="post" action="/logout" class="sign-out">
    ${csrfInput(session.csrfToken)}
    <span class="who">${session.user.email}</span>
    <button type="submit">Sign out</button>
  </form>
</header>`;
}

export function page(options: PageOptions): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · adops</title>
<link rel="stylesheet" href="${assetPath('console.css')}">
<script src="${assetPath('console.js')}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${header(options.session, options.section)}
<main id="main">
<h1>${options.title}</h1>
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
