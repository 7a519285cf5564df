import type { Platform } from '../platform-families.ts';
import type { PlatformServices } from './platform-services.ts';
import type { UpstreamLink } from './upstream.ts';

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
  /** The service's own sandbox is reached through its own dispatcher; every request is observed. */
  link?: UpstreamLink;
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

export function sandboxRoot(services: Pick<PlatformServices, 'config' | 'runtime'>): string {
  const root = services.config.platforms.sandboxUrl ?? services.runtime.listeningUrl;
  if (!root) throw new Error('the sandbox is reached through the running server, which is not listening');
  return root;
}

function linkFor(services: PlatformServices, platform: Platform, mode: 'live' | 'sandbox'): UpstreamLink {
  return {
    dispatcher: mode === 'sandbox' ? services.runtime.sandboxDispatcher : undefined,
    observe: (outcome, seconds) => services.metrics.upstreamRequest(platform, mode, outcome, seconds),
    throttles: services.throttles,
  };
}

export function endpointsFor(services: PlatformServices, platform: Platform, mode: string): Endpoints {
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
      link: linkFor(services, platform, 'live'),
    };
  }
  const base = `${sandboxRoot(services)}/sandbox/${platform}`;
  return {
    mode: 'sandbox',
    apiUrl: `${base}${SANDBOX_API_PATH[platform]}`,
    apiVersion: settings.apiVersion,
    // The consent page is the browser's: on the console's address, where the owner's sign-in cookie goes.
    authorizeUrl: `${services.config.appUrl}/sandbox/${platform}/oauth/authorize`,
    tokenUrl: `${base}/oauth/token`,
    ...SANDBOX_CLIENT,
    developerToken: platform === 'search' ? SANDBOX_DEVELOPER_TOKEN : undefined,
    loginCustomerId: undefined,
    link: linkFor(services, platform, 'sandbox'),
  };
}
