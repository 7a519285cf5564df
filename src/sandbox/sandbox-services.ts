import type { PlatformServices } from '../platforms/platform-services.ts';

/** What the sandbox platforms take from the service that hosts them. */
export type SandboxServices = Pick<
  PlatformServices,
  'config' | 'storage' | 'logger' | 'clock' | 'cipher' | 'runtime'
>;
