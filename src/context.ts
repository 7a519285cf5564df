import type { AuthServices } from './auth/auth-services.ts';
import type { AuthorizationServer } from './auth/authorization-server.ts';
import type { JobServices } from './jobs/job-services.ts';
import type { PipelineServices } from './pipeline/pipeline-services.ts';
import type { PlatformRuntime } from './platforms/platform-services.ts';
import type { RateLimiter } from './ratelimit/rate-limiter.ts';

/**
 * Everything the doors share, built once at start (services.ts). The layers below take only the part
 * they use (PipelineServices, AuthServices, PlatformServices, ...), which this satisfies.
 */
export interface Services extends PipelineServices, AuthServices, JobServices {
  /** Absent when the per-key rate limit is turned off. */
  rateLimiter: RateLimiter | undefined;
  /** adops as its own OAuth authorization server: MCP connectors and ChatGPT Actions sign in with it. */
  oauth: AuthorizationServer;
  runtime: Runtime;
}

export interface Runtime extends PlatformRuntime {
  /** True from the stop signal on: new calls are turned away, readiness fails. */
  draining: boolean;
}
