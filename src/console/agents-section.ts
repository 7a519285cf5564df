import type { PausedObject } from '../owners/agents.ts';
import { isPlatform, PLATFORM_INFO } from '../platform-families.ts';
import { kindWords } from '../tools/changes/object-words.ts';
import { formatTime, plural } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { csrfInput, type Notice } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';

/**
 * "Stop all agents" on the keys page: the owner's emergency stop for every key and app at once, or,
 * while they are stopped, the banner that says since when and the way back.
 */
export function agentsSection(session: SignedIn): SafeHtml {
  if (session.agentsStoppedAt) {
    return html`<section class="stopped" aria-labelledby="agents-title">
  <h2 id="agents-title">All agents stopped since ${formatTime(session.agentsStoppedAt)}</h2>
  <p>Every API key and connected app gets 403 from its next call and changes nothing. Resuming lets them
  call again with what they may do now; campaigns paused by the stop stay paused.</p>
  <form method="post" action="/agents/resume">
    ${csrfInput(session.csrfToken)}
    <button type="submit">Resume agents</button>
  </form>
</section>`;
  }
  return html`<section class="agents" aria-labelledby="agents-title">
  <h2 id="agents-title">Stop all agents</h2>
  <p>If an agent does something you did not want, stop every API key and connected app at once: their
  next call gets 403 and changes nothing, until you resume them here. The keys and apps stay as they are.</p>
  <form method="post" action="/agents/stop">
    ${csrfInput(session.csrfToken)}
    <fieldset><legend>Also pause</legend>
    <label><input type="checkbox" name="pause_changed" value="yes"> What an agent activated or raised in the last 7 days (campaigns, ad groups, keywords…)</label>
    <label><input type="checkbox" name="pause_running" value="yes"> Every campaign running now on every connected account, whoever started it</label>
    </fieldset>
    <button type="submit" class="danger">Stop all agents</button>
  </form>
</section>`;
}

function objectText(object: PausedObject): string {
  const platform = isPlatform(object.platform) ? PLATFORM_INFO[object.platform].label : object.platform;
  return `${kindWords(object.kind)} ${object.objectId} (${platform}, account ${object.accountId})`;
}

/** `2 campaigns`, or `3 objects` when they are of several kinds. */
function counted(objects: PausedObject[]): string {
  const kinds = new Set(objects.map((object) => object.kind));
  const [kind] = kinds;
  return plural(objects.length, kinds.size === 1 && kind ? kindWords(kind) : 'object');
}

/** What the stop did, in a sentence: the campaigns it paused and those it could not. */
export function stoppedNotice(paused: PausedObject[], pauseAsked: boolean): Notice {
  const done = paused.filter((object) => object.status === 200);
  const failed = paused.filter((object) => object.status !== 200);
  const parts = ['All agents are stopped: every key and app gets 403 from its next call.'];
  if (pauseAsked && paused.length === 0)
    parts.push('Nothing asked to be paused was running, so nothing was paused.');
  if (done.length > 0) parts.push(`Paused ${counted(done)}: ${done.map(objectText).join('; ')}.`);
  if (failed.length > 0)
    parts.push(
      `Could not pause ${counted(failed)}: ${failed.map(objectText).join('; ')}. Pause ${failed.length === 1 ? 'it' : 'them'} on the platform.`,
    );
  return { kind: failed.length > 0 ? 'error' : 'success', text: parts.join(' ') };
}

/** What a stop paused, object by object, under its notice on the page it lands on. */
export function pausedTable(paused: PausedObject[]) {
  if (paused.length === 0) return html``;
  return html`<div class="table-wrap"><table class="wraps">
  <caption>What the stop paused</caption>
  <thead><tr><th scope="col">Object</th><th scope="col">Paused</th><th scope="col">Answer</th></tr></thead>
  <tbody>${paused.map(
    (object) => html`<tr>
  <td>${objectText(object)}</td>
  <td class="${object.status === 200 ? 'status-succeeded' : 'status-failed'}">${object.status === 200 ? 'yes' : 'no'}</td>
  <td>${object.text}</td>
</tr>`,
  )}</tbody>
</table></div>`;
}
