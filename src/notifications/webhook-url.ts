import { checkedFetchUrl } from '../assets/fetch-url.ts';
import { checkHost, FetchRefused, type Resolver, systemResolver } from '../assets/guarded-agent.ts';
import type { Config } from '../config.ts';

const MAX_URL_LENGTH = 2000;

/**
 * Checks a webhook URL an owner registers by the media fetcher's rules (https on an allowed port, no
 * credentials, a host that resolves to public addresses only, unless `ADOPS_FETCH_ALLOW_HOSTS` names
 * it): the URL as it will be posted to, or why not, in words for the owner. Every delivery checks the
 * address again when it connects, so a name that later points inside is still refused.
 */
export async function checkWebhookUrl(
  config: Config,
  text: string,
  resolve: Resolver = systemResolver,
): Promise<{ ok: true; url: string } | { ok: false; problem: string }> {
  if (text.length > MAX_URL_LENGTH)
    return { ok: false, problem: `The URL is longer than ${MAX_URL_LENGTH} characters.` };
  try {
    const url = checkedFetchUrl(text, config.mediaFetch.ports);
    await checkHost(url.hostname, { allowHosts: config.mediaFetch.allowHosts, resolve });
    return { ok: true, url: url.href };
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    const problem = `The URL is refused: ${error.message.replace(/fetched/g, 'posted to')}.`;
    return { ok: false, problem: error.remedy ? `${problem} ${error.remedy}` : problem };
  }
}
