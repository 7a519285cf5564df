import type { Services } from '../context.ts';

/** What the authorization server takes from the service: it is built before the rest is assembled. */
export type OAuthServices = Pick<Services, 'config' | 'storage' | 'logger' | 'clock' | 'cipher' | 'metrics'>;
