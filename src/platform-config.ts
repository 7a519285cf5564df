import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import type { Platform } from './platform-families.ts';

/** How to reach one platform when it is live; sandbox connections use the sandbox instead. */
export interface PlatformSettings {
  apiUrl: string;
  apiVersion: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Google Ads only. */
  developerToken: string | undefined;
  loginCustomerId: string | undefined;
  /** Live OAuth is offered once the operator configured the app's credentials. */
  live: boolean;
}

export interface PlatformsConfig {
  settings: Record<Platform, PlatformSettings>;
  timeoutMs: number;
  retries: number;
  /** `ADOPS_SANDBOX=off`: no sandbox routes, no new sandbox connections, existing ones refuse tool calls. */
  sandboxEnabled: boolean;
  /** New sandbox accounts an owner may make through the consent page in 24 hours; 0: no limit. */
  sandboxAccountsPerDay: number;
  /** Where the sandbox emulators are reached; unset: the service's own listening address. */
  sandboxUrl: string | undefined;
  sandboxLatencyMs: number;
  /** Rows per page of the search sandbox's googleAds:search and per batch of its searchStream (Google's: 10,000). */
  sandboxPageSize: number;
  /** TikTok's throttle codes (docs/configuration.md: TikTok's documentation does not confirm 40100). */
  videoThrottleCodes: number[];
  /** `kid=base64key,...`: the first encrypts, all decrypt. */
  encryptionKeys: string | undefined;
  /** Where the SQLite default keeps its key when ADOPS_ENCRYPTION_KEYS is unset (src/crypto/key-ring.ts). */
  encryptionKeyFile: { path: string; explicit: boolean };
}

const DEFAULTS: Record<
  Platform,
  { apiUrl: string; apiVersion: string; authorizeUrl: string; tokenUrl: string }
> = {
  search: {
    apiUrl: 'https://googleads.googleapis.com',
    apiVersion: 'v26',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
  },
  network: {
    apiUrl: 'https://api.linkedin.com/rest',
    apiVersion: '202607',
    authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
  },
  social: {
    apiUrl: 'https://graph.facebook.com',
    apiVersion: 'v27.0',
    authorizeUrl: 'https://www.facebook.com/v27.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v27.0/oauth/access_token',
  },
  video: {
    apiUrl: 'https://business-api.tiktok.com/open_api',
    apiVersion: 'v1.3',
    authorizeUrl: 'https://business-api.tiktok.com/portal/auth',
    tokenUrl: 'https://business-api.tiktok.com/open_api/v1.3/oauth2/access_token/',
  },
};

const PREFIX: Record<Platform, string> = {
  search: 'SEARCH',
  network: 'NETWORK',
  social: 'SOCIAL',
  video: 'VIDEO',
};

const integer = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const schema = z.object({
  ADOPS_UPSTREAM_TIMEOUT_MS: integer(30_000),
  ADOPS_UPSTREAM_RETRIES: integer(2),
  ADOPS_SANDBOX: z.enum(['on', 'off']).default('on'),
  ADOPS_SANDBOX_ACCOUNTS_PER_DAY: integer(20),
  ADOPS_SANDBOX_URL: z.url().optional(),
  ADOPS_SANDBOX_LATENCY_MS: integer(0),
  ADOPS_SANDBOX_PAGE_SIZE: z.coerce.number().int().min(1).default(10_000),
  ADOPS_VIDEO_THROTTLE_CODES: z
    .string()
    .default('40100,40133')
    .refine((text) => /^\d+(,\d+)*$/.test(text.replaceAll(' ', '')), 'must be comma-separated numbers')
    .transform((text) => text.split(',').map((code) => Number(code.trim()))),
  ADOPS_ENCRYPTION_KEYS: z.string().optional(),
  ADOPS_ENCRYPTION_KEY_FILE: z.string().trim().min(1).optional(),
});

function settingsOf(platform: Platform, env: Record<string, string | undefined>): PlatformSettings {
  const prefix = `ADOPS_${PREFIX[platform]}_`;
  const read = (name: string) => env[`${prefix}${name}`]?.trim() || undefined;
  const defaults = DEFAULTS[platform];
  const clientId = read('CLIENT_ID');
  const clientSecret = read('CLIENT_SECRET');
  const developerToken = read('DEVELOPER_TOKEN');
  return {
    apiUrl: (read('API_URL') ?? defaults.apiUrl).replace(/\/+$/, ''),
    apiVersion: read('API_VERSION') ?? defaults.apiVersion,
    authorizeUrl: read('AUTHORIZE_URL') ?? defaults.authorizeUrl,
    tokenUrl: read('TOKEN_URL') ?? defaults.tokenUrl,
    clientId,
    clientSecret,
    developerToken,
    loginCustomerId: read('LOGIN_CUSTOMER_ID'),
    live: Boolean(clientId && clientSecret && (platform !== 'search' || developerToken)),
  };
}

export function loadPlatformsConfig(env: Record<string, string | undefined>): PlatformsConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    settings: {
      search: settingsOf('search', env),
      network: settingsOf('network', env),
      social: settingsOf('social', env),
      video: settingsOf('video', env),
    },
    timeoutMs: e.ADOPS_UPSTREAM_TIMEOUT_MS,
    retries: e.ADOPS_UPSTREAM_RETRIES,
    sandboxEnabled: e.ADOPS_SANDBOX === 'on',
    sandboxAccountsPerDay: e.ADOPS_SANDBOX_ACCOUNTS_PER_DAY,
    sandboxUrl: e.ADOPS_SANDBOX_URL?.replace(/\/+$/, ''),
    sandboxLatencyMs: e.ADOPS_SANDBOX_LATENCY_MS,
    sandboxPageSize: e.ADOPS_SANDBOX_PAGE_SIZE,
    videoThrottleCodes: e.ADOPS_VIDEO_THROTTLE_CODES,
    encryptionKeys: e.ADOPS_ENCRYPTION_KEYS,
    encryptionKeyFile: e.ADOPS_ENCRYPTION_KEY_FILE
      ? { path: resolve(e.ADOPS_ENCRYPTION_KEY_FILE), explicit: true }
      : { path: join(userConfigDir(env), 'adops', 'encryption-keys.txt'), explicit: false },
  };
}

/** The user's configuration directory (XDG Base Directory): `$XDG_CONFIG_HOME`, else `~/.config`. */
function userConfigDir(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The specification says a relative value is invalid and must be ignored.
  if (xdg && isAbsolute(xdg)) return xdg;
  return join(env.HOME || homedir(), '.config');
}
