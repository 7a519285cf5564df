import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Agent, buildConnector, type Dispatcher } from 'undici';

export interface SandboxLoopback {
  /** Sends requests for the public address to the loopback listener instead. */
  dispatcher: Dispatcher;
  close(): Promise<void>;
}

/**
 * A second listener, on loopback, serving the same routes, for the service's calls to its own sandbox.
 * A drain closes the public listener at once; calls in flight still have platform steps to make, and
 * they make them here, so they finish instead of failing on a refused connection. The URLs stay the
 * public ones (the sandbox writes them into its answers); only the connection goes elsewhere.
 */
export async function openSandboxLoopback(app: FastifyInstance, publicUrl: string): Promise<SandboxLoopback> {
  const server = createServer((request, response) => app.routing(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const publicHost = new URL(publicUrl).host;
  const connect = buildConnector({});
  const dispatcher = new Agent({
    connect: (options, callback) =>
      connect(
        options.host === publicHost ? { ...options, hostname: '127.0.0.1', port: String(port) } : options,
        callback,
      ),
  });
  return {
    dispatcher,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Only calls cut off at the end of the grace period still have requests here.
      server.closeAllConnections();
      await closed;
      await dispatcher.destroy();
    },
  };
}
