import type { PlatformServices } from '../platforms/platform-services.ts';
import type { ToolRegistry } from '../tools/registry.ts';
import type { AuditLog } from './audit-log.ts';

/** What running a tool call takes from the service: the platform clients' needs, the tools, the audit log. */
export interface PipelineServices extends PlatformServices {
  audit: AuditLog;
  tools: ToolRegistry;
}
