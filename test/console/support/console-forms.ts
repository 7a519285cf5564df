import Fastify from 'fastify';
import { registerConsole } from '../../../src/console/register.ts';
import type { TestService } from '../../support/service.ts';

/** Forms a visitor sends: no role, as there is no workspace yet. */
const PUBLIC = new Set(['/login', '/signup', '/logout', '/invitations/:token']);

/** Every form the console takes, read off the console's own routes as it registers them. */
export async function consoleForms(service: TestService): Promise<string[]> {
  const app = Fastify();
  const forms: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('POST')) forms.push(route.url);
  });
  registerConsole(app, service.services);
  await app.ready();
  await app.close();
  return forms.filter((url) => !PUBLIC.has(url));
}
