import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request to stop at: before it reaches the platform, or after the platform answered it. */
export interface Trap {
  matches(method: string, path: string, body: string): boolean;
  when: 'before' | 'after';
  /** What happens at that moment, e.g. a SIGKILL of the service that sent the request. */
  fire(): void;
}

/**
 * An HTTP proxy between a service and its platform (a sandbox in another process) that can cut one
 * request at a chosen moment: so a test can crash the service exactly before a step of a multi-step
 * write reaches the platform, or after the platform acted but before the service heard of it.
 */
export class FaultProxy {
  readonly #server: Server;
  readonly #target: string;
  trap: Trap | undefined;
  /** Every request that passed, as `METHOD path`. */
  readonly passed: string[] = [];

  private constructor(server: Server, target: string) {
    this.#server = server;
    this.#target = target;
  }

  static async start(target: string): Promise<FaultProxy> {
    const server = createServer();
    const proxy = new FaultProxy(server, target);
    server.on('request', (request, response) => void proxy.#handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const trap = this.trap?.matches(method, path, body.toString('utf8')) ? this.trap : undefined;
    if (trap) this.trap = undefined;
    if (trap?.when === 'before') {
      trap.fire();
      response.destroy();
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    );
    const answer = await fetch(`${this.#target}${path}`, {
      method,
      headers,
      ...(body.length > 0 && { body }),
    });
    const answerBody = Buffer.from(await answer.arrayBuffer());
    if (trap) {
      trap.fire();
      response.destroy();
      return;
    }
    this.passed.push(`${method} ${path.split('?')[0]}`);
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
        out[name] = value;
    });
    response.writeHead(answer.status, out);
    response.end(answerBody);
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
