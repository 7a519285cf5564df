import { request } from 'undici';
import { checkedFetchUrl } from '../assets/fetch-url.ts';
import { createGuardedAgent, findRefusal, systemResolver } from '../assets/guarded-agent.ts';
import type { Config } from '../config.ts';

/** What one POST to an endpoint ended in: its answer's status, or why there was none. */
export type PostAnswer = { status: number } | { error: string };

const TLS_FAILURE = /^(ERR_TLS_|CERT_|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|ERR_SSL_)/;

/**
 * POSTs a delivery through the media fetcher's guard (src/assets): https only, the address checked when
 * the connection opens (no internal address unless `ADOPS_FETCH_ALLOW_HOSTS` names the host), one time
 * limit for the whole exchange. Redirects are not followed: a 3xx is an answer like any non-2xx.
 */
export async function postWebhook(
  config: Config,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<PostAnswer> {
  const timeoutMs = config.webhookTimeoutMs;
  const agent = createGuardedAgent({
    allowHosts: config.mediaFetch.allowHosts,
    resolve: systemResolver,
    extraCaPem: config.mediaFetch.extraCaPem,
    connectTimeoutMs: timeoutMs,
  });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const target = checkedFetchUrl(url, config.mediaFetch.ports);
    const response = await request(target, { method: 'POST', dispatcher: agent, signal, headers, body });
    // The answer's body says nothing the delivery needs, and is never stored.
    await response.body.dump();
    return { status: response.statusCode };
  } catch (error) {
    return { error: failureReason(error, signal, timeoutMs) };
  } finally {
    await agent.close();
  }
}

function failureReason(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  const refusal = findRefusal(error);
  if (refusal) return refusal.message;
  if (signal.aborted) return `no answer within ${timeoutMs / 1000} s`;
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'the server did not accept the connection in time';
  if (typeof code === 'string' && TLS_FAILURE.test(code))
    return "the server's TLS certificate is not valid for this host";
  return typeof code === 'string' ? `network error ${code}` : 'network error';
}
