import type { FastifyRequest } from 'fastify';
import type { SignedIn } from './session.ts';

/** What the console's hooks learned about a request: who is signed in, and the token its forms carry. */
export interface ConsoleRequest {
  session: SignedIn | undefined;
  csrfToken: string;
}

const states = new WeakMap<FastifyRequest, ConsoleRequest>();

export function setConsoleRequest(request: FastifyRequest, state: ConsoleRequest): void {
  states.set(request, state);
}

export function consoleRequest(request: FastifyRequest): ConsoleRequest {
  const state = states.get(request);
  if (!state) throw new Error('console hooks did not run for this request');
  return state;
}

/** The signed-in owner of a request that passed the private routes' guard. */
export function signedIn(request: FastifyRequest): SignedIn {
  const session = consoleRequest(request).session;
  if (!session) throw new Error('a private console route ran without a session');
  return session;
}
