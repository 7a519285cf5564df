import type { NotificationServices } from '../notifications/notification-services.ts';
import type { PlatformServices } from '../platforms/platform-services.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import type { AuditLog } from './audit-log.ts';

/**
 * What running a tool call takes from the service: the platform clients' needs, the tools, the audit
 * log, and the notifications it emits (approvals requested, quota thresholds).
 */
export interface PipelineServices extends PlatformServices, NotificationServices {
  audit: AuditLog;
  tools: ToolRegistry;
}
