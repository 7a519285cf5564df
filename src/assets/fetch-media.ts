import { STATUS_CODES } from 'node:http';
import { type Agent, request } from 'undici';
import type { MediaFetchConfig } from '../config.ts';
import { checkedFetchUrl } from './fetch-url.ts';
import {
  createGuardedAgent,
  FetchRefused,
  findRefusal,
  type Resolver,
  systemResolver,
} from './guarded-agent.ts';
import type { FetchedMedia, FetchOutcome, MediaFetcher, MediaLimits } from './media-fetcher.ts';
import { formatKilobytes, formatSeconds, mediaTypeLabel, mediaTypeList } from './media-words.ts';
import { fetchSample, SAMPLE_HOST } from './sample-media.ts';

const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Enough leading bytes for file-type to recognise every format it knows. */
const SNIFF_BYTES = 4100;
// Loaded on first use, like sharp: its detectors cost memory every process would pay at start.
let fileTypeLoading: Promise<typeof import('file-type')> | undefined;

/** Where the fetcher may go and for how long: from configuration, plus a resolver tests can replace. */
export interface FetchPolicy {
  /** Hosts exempt from the address check, exactly as the URL names them (IPv6 without brackets). */
  allowHosts: readonly string[];
  ports: readonly number[];
  /** For the whole fetch: every redirect, the headers and the body. */
  timeoutMs: number;
  extraCaPem?: string | undefined;
  /** Whether `https://samples.adops.invalid/...` URLs give the service's own sample images (the sandbox is on). */
  samples?: boolean | undefined;
  resolve?: Resolver;
}

export function fetchPolicy(config: MediaFetchConfig, resolve?: Resolver): FetchPolicy {
  return {
    allowHosts: config.allowHosts,
    ports: config.ports,
    timeoutMs: config.timeoutMs,
    extraCaPem: config.extraCaPem,
    samples: config.samples,
    ...(resolve && { resolve }),
  };
}

/**
 * A fetcher safe to point at any URL a user gives (OWASP SSRF rules): https on the allowed ports only
 * (the tools' arguments are https URLs, and a redirect to plain http is refused, as it would let anyone
 * on the path read or replace the file), every connection's addresses checked when it opens, at most 3
 * redirects each checked the same way, one time limit for the whole fetch, a size cap enforced while
 * reading, and the type decided by the bytes. Reasons name the rule broken, never the content fetched.
 */
export function createMediaFetcher(policy: FetchPolicy): MediaFetcher {
  const agent = createGuardedAgent({
    allowHosts: policy.allowHosts,
    resolve: policy.resolve ?? systemResolver,
    extraCaPem: policy.extraCaPem,
    connectTimeoutMs: policy.timeoutMs,
  });
  return {
    fetch: (url, limits) => fetchWithin(agent, policy, url, limits),
    close: () => agent.close(),
  };
}

/** One URL with a fetcher of its own, closed afterwards. */
export async function fetchMedia(
  url: string,
  options: MediaLimits & { policy: FetchPolicy },
): Promise<FetchOutcome> {
  const fetcher = createMediaFetcher(options.policy);
  try {
    return await fetcher.fetch(url, options);
  } finally {
    await fetcher.close();
  }
}

async function fetchWithin(
  agent: Agent,
  policy: FetchPolicy,
  url: string,
  limits: MediaLimits,
): Promise<FetchOutcome> {
  const sample = policy.samples ? URL.parse(url) : null;
  if (sample?.protocol === 'https:' && sample.hostname === SAMPLE_HOST) return fetchSample(sample, limits);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  const hops = { redirects: 0 };
  try {
    return { ok: true, media: await follow(agent, policy, url, limits, signal, hops) };
  } catch (error) {
    const reason = failureReason(error, signal, policy);
    return { ok: false, reason: hops.redirects > 0 ? `after a redirect, ${reason}` : reason };
  }
}

async function follow(
  agent: Agent,
  policy: FetchPolicy,
  start: string,
  limits: MediaLimits,
  signal: AbortSignal,
  hops: { redirects: number },
): Promise<FetchedMedia> {
  let url = checkedFetchUrl(start, policy.ports);
  for (;;) {
    const response = await request(url, {
      dispatcher: agent,
      signal,
      headers: {
        accept: limits.allowedTypes.join(', '),
        // Compressed bodies would let a small download expand past the size cap.
        'accept-encoding': 'identity',
        'user-agent': 'adops-media-fetcher/1',
      },
    });
    const status = response.statusCode;
    if (REDIRECT_STATUSES.has(status)) {
      const location = response.headers.location;
      await response.body.dump();
      if (typeof location !== 'string' || location === '')
        throw new FetchRefused(`the server answered HTTP ${status} without saying where to go`);
      if (hops.redirects === MAX_REDIRECTS)
        throw new FetchRefused(`the URL redirects more than ${MAX_REDIRECTS} times`);
      const next = new URL(location, url);
      if (next.protocol === 'http:') {
        throw new FetchRefused(
          'the URL redirects from https to plain http, which is refused: only https is fetched, so the ' +
            'file cannot be read or swapped on the way; give the https address the file is served from',
        );
      }
      hops.redirects++;
      url = checkedFetchUrl(next.href, policy.ports);
      continue;
    }
    if (status !== 200) {
      await response.body.dump();
      throw new FetchRefused(`the server answered HTTP ${status} (${STATUS_CODES[status] ?? 'unknown'})`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      response.body.destroy();
      throw new FetchRefused(
        `the file is ${formatKilobytes(declared)}, over the ${formatKilobytes(limits.maxBytes)} limit`,
      );
    }
    const bytes = await readCapped(response.body, limits);
    const type = await detectType(bytes, limits);
    return { bytes, mime: type.mime, ext: type.ext, url: url.href };
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, limits: MediaLimits) {
  const chunks: Buffer[] = [];
  let total = 0;
  let sniffed = false;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > limits.maxBytes) {
      body.destroy();
      throw new FetchRefused(`the file is larger than the ${formatKilobytes(limits.maxBytes)} limit`);
    }
    chunks.push(chunk);
    // Refuse a web page or a wrong format after its first bytes rather than downloading all of it.
    if (!sniffed && total >= SNIFF_BYTES) {
      sniffed = true;
      await detectType(Buffer.concat(chunks), limits);
    }
  }
  return Buffer.concat(chunks, total);
}

async function detectType(bytes: Buffer, limits: MediaLimits): Promise<{ mime: string; ext: string }> {
  fileTypeLoading ??= import('file-type');
  const { fileTypeFromBuffer } = await fileTypeLoading;
  const type = await fileTypeFromBuffer(bytes);
  if (type && limits.allowedTypes.includes(type.mime)) return type;
  const wanted = mediaTypeList(limits.allowedTypes);
  if (type) throw new FetchRefused(`the file is ${mediaTypeLabel(type.mime, type.ext)}, not ${wanted}`);
  if (/^\s*</.test(bytes.subarray(0, 64).toString('latin1')))
    throw new FetchRefused(`the URL serves a web page (HTML), not ${wanted}`);
  throw new FetchRefused(`the file is not ${wanted} (its type is not recognised)`);
}

const TLS_FAILURE = /^(ERR_TLS_|CERT_|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|ERR_SSL_)/;

function failureReason(error: unknown, signal: AbortSignal, policy: FetchPolicy): string {
  const refusal = findRefusal(error);
  if (refusal) return refusal.message;
  if (signal.aborted) return `the download took longer than the ${formatSeconds(policy.timeoutMs)} limit`;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return 'the download failed (network error)';
  if (code === 'ECONNREFUSED') return 'the server refused the connection';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'the server did not accept the connection in time';
  if (TLS_FAILURE.test(code)) return "the server's TLS certificate is not valid for this host";
  return `the download failed (network error ${code})`;
}
