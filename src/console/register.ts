import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { requireSignIn } from '../web/hooks.ts';
import { registerPages } from '../web/pages.ts';
import { requireRole } from '../web/roles.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { registerActivityRoutes } from './activity-routes.ts';
import { registerAgentsRoutes } from './agents-routes.ts';
import { registerApprovalsRoutes } from './approvals-routes.ts';
import { registerBillingRoutes } from './billing-routes.ts';
import { registerClientsRoutes } from './clients-routes.ts';
import { registerConnectionsRoutes } from './connections-routes.ts';
import { registerInvitationRoutes } from './invitation-routes.ts';
import { registerKeysRoutes } from './keys-routes.ts';
import { recordMemberActions } from './member-actions-hook.ts';
import { registerMembersRoutes } from './members-routes.ts';
import { registerMonitorsRoutes } from './monitors-routes.ts';
import { registerNotificationsRoutes } from './notifications-routes.ts';
import { registerOverviewRoutes } from './overview-routes.ts';
import { registerSignInRoutes } from './sign-in-routes.ts';
import { SignInThrottle } from './throttle.ts';
import { registerUsageRoutes } from './usage-routes.ts';

/** The owner console at `{app_url}`: sign-in for everyone, the owners' pages behind it. */
export function registerConsole(app: FastifyInstance, services: Services): void {
  const throttle = new SignInThrottle(services.clock);
  registerPages(app, services, (pages) => {
    registerSignInRoutes(pages, services, throttle);
    registerInvitationRoutes(pages, services, throttle);
    pages.register(async (owners) => {
      owners.addHook('preHandler', requireSignIn);
      owners.addHook('preHandler', requireRole);
      owners.addHook('onResponse', recordMemberActions(services));
      registerOverviewRoutes(owners, services);
      registerKeysRoutes(owners, services);
      registerConnectionsRoutes(owners, services);
      registerUsageRoutes(owners, services);
      registerBillingRoutes(owners, services);
      registerApprovalsRoutes(owners, services);
      registerAgentsRoutes(owners, services);
      registerActivityRoutes(owners, services);
      registerNotificationsRoutes(owners, services);
      registerMembersRoutes(owners, services);
      registerClientsRoutes(owners, services);
      registerMonitorsRoutes(owners, services);
      registerAccountRoutes(owners, services);
    });
  });
}
