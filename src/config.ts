import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import { loadPlatformsConfig, type PlatformsConfig } from './platform-config.ts';

export const TIERS = ['free', 'plus', 'pro', 'max'] as const;
export type Tier = (typeof TIERS)[number];

const DEFAULT_TIER_LIMITS = 'free=50,plus=150,pro=600,max=3000';
const DEFAULT_KEY_LIMITS = 'free=2,plus=5,pro=10,max=20';

function parseTierLimits(text: string, ctx: z.RefinementCtx): Record<Tier, number> {
  const limits: Partial<Record<Tier, number>> = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (!TIERS.includes(name as Tier) || !/^\d+$/.test(value ?? '')) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not tier=number (tiers: ${TIERS.join(', ')})` });
      return z.NEVER;
    }
    limits[name as Tier] = Number(value);
  }
  const missing = TIERS.filter((tier) => limits[tier] === undefined);
  if (missing.length > 0) {
    ctx.addIssue({ code: 'custom', message: `missing tiers: ${missing.join(', ')}` });
    return z.NEVER;
  }
  return limits as Record<Tier, number>;
}

const integer = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

// Media fetcher (src/assets). Hosts are normalised by the URL parser, so `127.1` or `[0::1]` in the
// variable match the form the fetcher sees in a URL.
function parseFetchHosts(text: string, ctx: z.RefinementCtx): string[] {
  const hosts: string[] = [];
  for (const entry of text.split(',').map((part) => part.trim().toLowerCase())) {
    if (entry === '') continue;
    const literal = entry.includes(':') && !entry.startsWith('[') ? `[${entry}]` : entry;
    const url = URL.parse(`http://${literal}/`);
    const bareHost = url?.port === '' && url.username === '' && url.pathname === '/';
    if (!url || !bareHost) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not a host name or IP address` });
      return z.NEVER;
    }
    hosts.push(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  }
  return hosts;
}

function parseFetchPorts(text: string, ctx: z.RefinementCtx): number[] {
  const ports = text.split(',').map((part) => part.trim());
  const bad = ports.filter((port) => !/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535);
  if (bad.length > 0 || ports.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `"${text}" is not a comma-separated list of ports (1 to 65535)`,
    });
    return z.NEVER;
  }
  return ports.map(Number);
}

function readCaFile(path: string | undefined, ctx: z.RefinementCtx): string | undefined {
  if (!path) return undefined;
  try {
    const pem = readFileSync(path, 'utf8');
    if (pem.includes('-----BEGIN CERTIFICATE-----')) return pem;
    ctx.addIssue({ code: 'custom', message: `${path} holds no PEM certificate` });
  } catch {
    ctx.addIssue({ code: 'custom', message: `${path} cannot be read` });
  }
  return z.NEVER;
}

/** What the media fetcher may reach, for how long, how many at once (src/assets/fetch-media.ts). */
export interface MediaFetchConfig {
  /** Hosts exempt from the address check, as written in URLs (IPv6 without brackets). */
  allowHosts: string[];
  ports: number[];
  timeoutMs: number;
  concurrency: number;
  /** Extra trusted certificate authorities (PEM), beside the system's. */
  extraCaPem: string | undefined;
  /** Largest `video_url` file the network tools download (docs/configuration.md). */
  maxVideoBytes: number;
  /** Whether the sample image URLs (src/assets/sample-media.ts) are served: while the sandbox is on. */
  samples: boolean;
}

/** Every environment variable the service reads, with its default. docs/configuration.md mirrors this. */
const environmentSchema = z.object({
  ADOPS_HOST: z.string().default('127.0.0.1'),
  ADOPS_PORT: integer(8080),
  ADOPS_APP_URL: z.url().optional(),
  // ChatGPT Actions, like most importers, call only the document's `servers` URL, and only over https.
  ADOPS_PUBLIC_URL: z
    .url()
    .refine((url) => url.startsWith('https://'), 'must be an https URL, like https://api.example.com')
    .optional(),
  ADOPS_ALLOWED_ORIGINS: z.string().default('').transform(parseOrigins),
  ADOPS_DATABASE_URL: z
    .string()
    .default('sqlite:./data/adops.db')
    .refine((url) => /^(sqlite:|postgres(ql)?:\/\/)/.test(url), 'must start with sqlite: or postgres://'),
  ADOPS_TIER_LIMITS: z.string().default(DEFAULT_TIER_LIMITS).transform(parseTierLimits),
  ADOPS_BODY_LIMIT_BYTES: integer(1024 * 1024),
  ADOPS_RATE_LIMIT_PER_SECOND: integer(20),
  ADOPS_RATE_LIMIT_BURST: integer(40),
  ADOPS_REDIS_URL: z.string().optional(),
  ADOPS_IDEMPOTENCY_TTL_HOURS: integer(24),
  ADOPS_APPROVAL_TTL_HOURS: integer(24),
  ADOPS_ENVELOPE_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  ADOPS_CALL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  ADOPS_CREDENTIAL_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // The media fetcher (src/assets).
  ADOPS_FETCH_ALLOW_HOSTS: z.string().default('').transform(parseFetchHosts),
  ADOPS_FETCH_PORTS: z.string().default('80,443').transform(parseFetchPorts),
  ADOPS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  ADOPS_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  ADOPS_FETCH_CA_FILE: z.string().optional().transform(readCaFile),
  ADOPS_FETCH_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024 * 1024),
  // Webhook deliveries (src/notifications): the time an endpoint has to answer.
  ADOPS_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  ADOPS_NETWORK_BANNED_WORDS: z
    .string()
    .default('LinkedIn')
    .transform((text) =>
      text
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
    ),
  ADOPS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The owner console (src/console).
  ADOPS_KEY_LIMITS: z.string().default(DEFAULT_KEY_LIMITS).transform(parseTierLimits),
  ADOPS_UPGRADE_URL: z.httpUrl().optional(),
  ADOPS_SESSION_HOURS: z.coerce.number().int().min(1).default(24),
  ADOPS_CONSOLE_SIGNUP: z.enum(['open', 'closed']).default('open'),
  // Operations: drain on SIGTERM, /metrics.
  ADOPS_SHUTDOWN_GRACE_MS: integer(25_000),
  ADOPS_METRICS: z.enum(['on', 'off']).default('on'),
  ADOPS_METRICS_TOKEN: z
    .string()
    .optional()
    .refine(
      (token) => token === undefined || token === '' || token.length >= 16,
      'must be at least 16 characters (a random token, like the output of `openssl rand -hex 32`)',
    ),
});

export interface Config {
  host: string;
  port: number;
  /** Where people reach the console; error messages and `upgrade_url` point here. */
  appUrl: string;
  /** Where API clients reach the service: the OpenAPI document's `servers` URL; the console's URL when unset. */
  publicUrl: string;
  /** Web origins besides the console's whose pages may call `/mcp` (browser-based MCP clients). */
  allowedOrigins: string[];
  databaseUrl: string;
  tierLimits: Record<Tier, number>;
  bodyLimitBytes: number;
  rateLimit: { perSecond: number; burst: number };
  redisUrl: string | undefined;
  idempotency: { ttlHours: number };
  /** How long a change waiting for the owner's approval stays pending before it expires. */
  approvalTtlHours: number;
  /** How often each client's monthly envelope is checked: one report of each of its accounts a check. */
  envelopeCheckMinutes: number;
  /**
   * How long a running call's claims (its idempotency record, its quota unit) last without renewal: the
   * call renews them every third of it, and a crashed call's are taken over or given back after it.
   */
  callLeaseSeconds: number;
  /**
   * How long an instance trusts a credential (a key's row, a token's grant) it read without reading it
   * again. Changes made through adops reach every instance sooner (src/auth/credential-cache.ts); this
   * bounds the rest: a notification still in flight, a change made by hand in the database. 0 reads the
   * credential at every call.
   */
  credentialCacheMs: number;
  mediaFetch: MediaFetchConfig;
  /** How long a webhook endpoint has to answer a delivery before the attempt counts as failed. */
  webhookTimeoutMs: number;
  networkBannedWords: string[];
  logLevel: string;
  console: ConsoleConfig;
  platforms: PlatformsConfig;
  /** How long a stop waits for calls in flight before it closes their connections. */
  shutdownGraceMs: number;
  metrics: MetricsConfig;
}

export interface MetricsConfig {
  /** Whether `GET /metrics` is served at all. */
  enabled: boolean;
  /** When set, `/metrics` answers only requests sending it as `Authorization: Bearer <token>`. */
  token: string | undefined;
}

export interface ConsoleConfig {
  /** How many live (not revoked, not expired) API keys an owner of each tier may hold. */
  keyLimits: Record<Tier, number>;
  /** The operator's upgrade page; unset means self-hosted, where the operator runs `adops users set-tier`. */
  upgradeUrl: string | undefined;
  sessionHours: number;
  /** Whether anyone may sign up, or only owners the operator made (and gave a password) may sign in. */
  signup: 'open' | 'closed';
}

/** `ADOPS_ALLOWED_ORIGINS`: comma-separated origins (scheme, host and port, no path). */
function parseOrigins(text: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (!URL.canParse(item) || new URL(item).origin !== item.replace(/\/+$/, '')) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin like https://app.example.com` });
      continue;
    }
    origins.push(new URL(item).origin);
  }
  return origins;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const platforms = loadPlatformsConfig(env);
  const appUrl = (e.ADOPS_APP_URL ?? `http://${e.ADOPS_HOST}:${e.ADOPS_PORT}`).replace(/\/+$/, '');
  return {
    host: e.ADOPS_HOST,
    port: e.ADOPS_PORT,
    appUrl,
    publicUrl: e.ADOPS_PUBLIC_URL?.replace(/\/+$/, '') ?? appUrl,
    allowedOrigins: e.ADOPS_ALLOWED_ORIGINS,
    databaseUrl: e.ADOPS_DATABASE_URL,
    tierLimits: e.ADOPS_TIER_LIMITS,
    bodyLimitBytes: e.ADOPS_BODY_LIMIT_BYTES,
    rateLimit: { perSecond: e.ADOPS_RATE_LIMIT_PER_SECOND, burst: e.ADOPS_RATE_LIMIT_BURST },
    redisUrl: e.ADOPS_REDIS_URL || undefined,
    idempotency: { ttlHours: e.ADOPS_IDEMPOTENCY_TTL_HOURS },
    approvalTtlHours: e.ADOPS_APPROVAL_TTL_HOURS,
    envelopeCheckMinutes: e.ADOPS_ENVELOPE_CHECK_MINUTES,
    callLeaseSeconds: e.ADOPS_CALL_LEASE_SECONDS,
    credentialCacheMs: e.ADOPS_CREDENTIAL_CACHE_MS,
    mediaFetch: {
      allowHosts: e.ADOPS_FETCH_ALLOW_HOSTS,
      ports: e.ADOPS_FETCH_PORTS,
      timeoutMs: e.ADOPS_FETCH_TIMEOUT_MS,
      concurrency: e.ADOPS_FETCH_CONCURRENCY,
      extraCaPem: e.ADOPS_FETCH_CA_FILE,
      maxVideoBytes: e.ADOPS_FETCH_MAX_VIDEO_BYTES,
      samples: platforms.sandboxEnabled,
    },
    webhookTimeoutMs: e.ADOPS_WEBHOOK_TIMEOUT_MS,
    networkBannedWords: e.ADOPS_NETWORK_BANNED_WORDS,
    logLevel: e.ADOPS_LOG_LEVEL,
    console: {
      keyLimits: e.ADOPS_KEY_LIMITS,
      upgradeUrl: e.ADOPS_UPGRADE_URL,
      sessionHours: e.ADOPS_SESSION_HOURS,
      signup: e.ADOPS_CONSOLE_SIGNUP,
    },
    platforms,
    shutdownGraceMs: e.ADOPS_SHUTDOWN_GRACE_MS,
    metrics: { enabled: e.ADOPS_METRICS === 'on', token: e.ADOPS_METRICS_TOKEN || undefined },
  };
}
