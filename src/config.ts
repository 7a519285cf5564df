import { z } from 'zod';

export const TIERS = ['free', 'plus', 'pro', 'max'] as const;
export type Tier = (typeof TIERS)[number];

const DEFAULT_TIER_LIMITS = 'free=15,plus=150,pro=600,max=3000';

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

/** Every environment variable the service reads, with its default. The README's table mirrors this. */
const environmentSchema = z.object({
  ADOPS_HOST: z.string().default('127.0.0.1'),
  ADOPS_PORT: integer(8080),
  ADOPS_APP_URL: z.url().optional(),
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
  ADOPS_IDEMPOTENCY_LOCK_SECONDS: integer(300),
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
});

export interface Config {
  host: string;
  port: number;
  /** Where people reach the console; error messages and `upgrade_url` point here. */
  appUrl: string;
  databaseUrl: string;
  tierLimits: Record<Tier, number>;
  bodyLimitBytes: number;
  rateLimit: { perSecond: number; burst: number };
  redisUrl: string | undefined;
  idempotency: { ttlHours: number; lockSeconds: number };
  networkBannedWords: string[];
  logLevel: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.ADOPS_APP_URL ?? `http://${e.ADOPS_HOST}:${e.ADOPS_PORT}`).replace(/\/+$/, '');
  return {
    host: e.ADOPS_HOST,
    port: e.ADOPS_PORT,
    appUrl,
    databaseUrl: e.ADOPS_DATABASE_URL,
    tierLimits: e.ADOPS_TIER_LIMITS,
    bodyLimitBytes: e.ADOPS_BODY_LIMIT_BYTES,
    rateLimit: { perSecond: e.ADOPS_RATE_LIMIT_PER_SECOND, burst: e.ADOPS_RATE_LIMIT_BURST },
    redisUrl: e.ADOPS_REDIS_URL || undefined,
    idempotency: { ttlHours: e.ADOPS_IDEMPOTENCY_TTL_HOURS, lockSeconds: e.ADOPS_IDEMPOTENCY_LOCK_SECONDS },
    networkBannedWords: e.ADOPS_NETWORK_BANNED_WORDS,
    logLevel: e.ADOPS_LOG_LEVEL,
  };
}
