import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { type BlockedKind, blockedAddressKind } from './blocked-addresses.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into addresses; tests pass their own to make a name resolve anywhere. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * A fetch the rules refuse. Its message names the rule and is safe to show; it never holds fetched content.
 * Its remedy, where the operator's configuration can lift the rule, names the setting.
 */
export class FetchRefused extends Error {
  override readonly name = 'FetchRefused';
  readonly remedy: string | undefined;

  constructor(message: string, remedy?: string) {
    super(message);
    this.remedy = remedy;
  }
}

/** The kinds of address a receiver of the owner's own may sit at: on this machine, or a private network. */
const OWN_NETWORK: ReadonlySet<BlockedKind> = new Set(['loopback', 'private', 'unique-local']);

/**
 * How to reach a host on the owner's own network (a receiver on a laptop): ADOPS_FETCH_ALLOW_HOSTS. None
 * for the rest (link-local holds the cloud's metadata address): no one should lift that rule.
 */
function privateHostRemedy(host: string, kind: BlockedKind): string | undefined {
  if (!OWN_NETWORK.has(kind)) return undefined;
  return (
    `A host on a private network (such as a receiver on this machine) is reached only once the ` +
    `operator names it in ADOPS_FETCH_ALLOW_HOSTS, for example ADOPS_FETCH_ALLOW_HOSTS=${host}, and restarts adops.`
  );
}

/** The refusal inside an error undici wrapped (a connect failure's cause, an aggregate's errors). */
export function findRefusal(error: unknown, depth = 0): FetchRefused | undefined {
  if (error instanceof FetchRefused) return error;
  if (!(error instanceof Error) || depth > 5) return undefined;
  const nested = error instanceof AggregateError ? [...error.errors, error.cause] : [error.cause];
  for (const inner of nested) {
    const found = findRefusal(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function withArticle(kind: BlockedKind): string {
  return `${kind === 'unspecified' ? 'an' : 'a'} ${kind} address`;
}

/** The refusal for a host given as an IP address in the URL. */
function literalAddressRefusal(host: string, kind: BlockedKind): FetchRefused {
  return new FetchRefused(
    `the host ${host} is ${withArticle(kind)}; only public addresses are fetched`,
    privateHostRemedy(host, kind),
  );
}

export interface GuardOptions {
  /** Hosts exempt from the address check, exactly as the URL names them (IPv6 without brackets). */
  allowHosts: readonly string[];
  resolve: Resolver;
  /** Certificate authorities trusted beside the system's (PEM). */
  extraCaPem?: string | undefined;
  connectTimeoutMs: number;
}

/** Resolves a host name and checks every address it resolves to, unless the host is allowed. */
async function resolvePublic(
  hostname: string,
  allowed: ReadonlySet<string>,
  resolve: Resolver,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw new FetchRefused(`the host ${hostname} could not be found (DNS); check the URL`);
  }
  if (addresses.length === 0) throw new FetchRefused(`the host ${hostname} has no address (DNS)`);
  if (allowed.has(hostname)) return addresses;
  for (const { address } of addresses) {
    const kind = blockedAddressKind(address);
    if (kind)
      throw new FetchRefused(
        `the host ${hostname} resolves to ${withArticle(kind)}; only public addresses are fetched`,
        privateHostRemedy(hostname, kind),
      );
  }
  return addresses;
}

/**
 * The check the agent makes when it connects, made ahead of time: for a URL a person registers (a
 * webhook endpoint), so an internal address is refused in the form rather than at the first delivery.
 * Throws FetchRefused.
 */
export async function checkHost(
  host: string,
  options: Pick<GuardOptions, 'allowHosts' | 'resolve'>,
): Promise<void> {
  const hostname = host.replace(/^\[(.*)\]$/, '$1');
  const allowed = new Set(options.allowHosts);
  if (isIP(hostname)) {
    const kind = allowed.has(hostname) ? undefined : blockedAddressKind(hostname);
    if (kind) throw literalAddressRefusal(hostname, kind);
    return;
  }
  await resolvePublic(hostname, allowed, options.resolve);
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * An undici Agent that opens TLS connections only, and checks the address of every connection it
 * opens at the moment it opens it: a host name is resolved once, every address it resolves to is
 * checked, and the socket connects to those same addresses. A name that resolved to a public address
 * for an earlier check and to a private one now (DNS rebinding) is caught, as there is no earlier check
 * to trust.
 */
export function createGuardedAgent(options: GuardOptions): Agent {
  const allowed = new Set(options.allowHosts);
  const resolveChecked = (hostname: string) => resolvePublic(hostname, allowed, options.resolve);

  const lookup = (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) => {
    resolveChecked(hostname).then(
      (addresses) => {
        const [first] = addresses;
        if (lookupOptions.all) callback(null, addresses);
        else if (first) callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, []),
    );
  };

  const connector = buildConnector({
    timeout: options.connectTimeoutMs,
    lookup,
    ...(options.extraCaPem && { ca: [...rootCertificates, options.extraCaPem] }),
  });

  return new Agent({
    connect: (connectOptions, callback) => {
      // The fetcher refuses http URLs; this holds for any other use of the agent too: no plain sockets.
      if (connectOptions.protocol !== 'https:') {
        callback(new FetchRefused('only https connections are made'), null);
        return;
      }
      // Sockets skip the lookup for an IP address, so an address written in the URL is checked here.
      const host = connectOptions.hostname;
      const kind = isIP(host) && !allowed.has(host) ? blockedAddressKind(host) : undefined;
      if (kind) {
        callback(literalAddressRefusal(host, kind), null);
        return;
      }
      connector(connectOptions, callback);
    },
  });
}
