import type { Services } from '../context.ts';
import type { Platform } from './families.ts';

/** Where and as whom an adapter talks to a platform: the live platform or its sandbox emulator. */
export interface Endpoints {
  mode: 'live' | 'sandbox';
  apiUrl: string;
  apiVersion: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  developerToken: string | undefined;
  loginCustomerId: string | undefined;
}

export const SANDBOX_CLIENT = { clientId: 'adops-sandbox', clientSecret: 'adops-sandbox-secret' };
export const SANDBOX_DEVELOPER_TOKEN = 'adops-sandbox-developer-token';

/** The path of each platform's API under its sandbox, shaped like the real base URL. */
const SANDBOX_API_PATH: Record<Platform, string> = {
  search: '',
  network: '/rest',
  social: '',
  video: '/open_api',
};

export function sandboxRoot(services: Services): string {
  const root = services.config.platforms.sandboxUrl ?? services.runtime.listeningUrl;
  if (!root) throw new Error('the sandbox is reached through the running server, which is not listening');
  return root;
}

export function endpointsFor(services: Services, platform: Platform, mode: string): Endpoints {
  const settings = services.config.platforms.settings[platform];
  if (mode === 'live') {
    return {
      mode: 'live',
      apiUrl: settings.apiUrl,
      apiVersion: settings.apiVersion,
      authorizeUrl: settings.authorizeUrl,
      tokenUrl: settings.tokenUrl,
      clientId: settings.clientId ?? '',
      clientSecret: settings.clientSecret ?? '',
      developerToken: settings.developerToken,
      loginCustomerId: settings.loginCustomerId,
    };
  }
  const base = `${sandboxRoot(services)}/sandbox/${platform}`;
  return {
    mode: 'sandbox',
    apiUrl: `${base}${SANDBOX_API_PATH[platform]}`,
    apiVersion: settings.apiVersion,
    authorizeUrl: `${base}/oauth/authorize`,
    tokenUrl: `${base}/oauth/token`,
    ...SANDBOX_CLIENT,
    developerToken: platform === 'search' ? SANDBOX_DEVELOPER_TOKEN : undefined,
    loginCustomerId: undefined,
  };
}
