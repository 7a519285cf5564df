import type { Services } from '../context.ts';
import { listChanges } from '../storage/change-history.ts';
import { formatTime } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { visibleChanges } from '../web/member-scope.ts';
import type { SignedIn } from '../web/session.ts';
import { changeFilters } from './activity-filters.ts';
import { outcomeText } from './activity-page.ts';
import { type ChangeView, describeChange } from './change-view.ts';

/** The latest `count` changes the member sees, newest first, as the history shows them. */
export async function latestChanges(
  services: Pick<Services, 'storage' | 'tools'>,
  session: SignedIn,
  count: number,
): Promise<ChangeView[]> {
  const filters = await visibleChanges(services.storage.db, session, changeFilters(services.tools, {}));
  const { changes } = await listChanges(services.storage, session.user.id, filters, { limit: count });
  return changes.map((row) => describeChange(row, services.tools));
}

/** A compact list of changes (for the overview): when, who, what, the outcome; each links to its page. */
export function latestChangesList(changes: readonly ChangeView[]): SafeHtml {
  if (changes.length === 0) return html`<p class="empty">No changes yet.</p>`;
  const items = changes.map(
    (change) =>
      html`<li>${formatTime(change.row.created_at)} · ${change.who} · <a href="/activity/${change.row.id}"><code>${change.row.tool}</code></a> ${change.object} · ${outcomeText(change)}</li>`,
  );
  return html`<ul>${items}</ul>
<p><a href="/activity">All activity</a></p>`;
}
