import { createServer } from 'node:net';

/** A loopback port nothing listens on: it was free a moment ago and has just been released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('the server had no port');
  return address.port;
}
