import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestCertificate } from '../../assets/support/test-certificate.ts';
import type { VerifySignature } from './docs-verifier.ts';

/** One request the receiver got, and whether its signature held with the path's current secret. */
export interface Receipt {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

/** How the receiver answers the n-th request (from 0) to a path. */
export type Behaviour = (n: number) => { status: number; delayMs?: number };

/**
 * A webhook receiver on loopback (https, with the tests' certificate), written from docs/notifications.md:
 * it checks each request's `Adops-Signature` with the docs' function and the secret set for its path,
 * at the service's time, and answers as its path's behaviour says (204 by default).
 */
export class Receiver {
  readonly receipts: Receipt[] = [];
  readonly secrets = new Map<string, string>();
  readonly behaviours = new Map<string, Behaviour>();
  readonly #server: Server;
  readonly port: number;

  private constructor(server: Server, port: number) {
    this.#server = server;
    this.port = port;
  }

  static async start(
    certificate: TestCertificate,
    verify: VerifySignature,
    now: () => Date,
  ): Promise<Receiver> {
    let receiver: Receiver | undefined;
    const server = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', async () => {
        const path = request.url ?? '/';
        const self = receiver as Receiver;
        const secret = self.secrets.get(path) ?? '';
        const header = String(request.headers['adops-signature'] ?? '');
        const verified = verify(header, body, secret, now().getTime() / 1000);
        const n = self.receipts.filter((receipt) => receipt.path === path).length;
        self.receipts.push({ path, headers: request.headers, body, verified });
        const answer = self.behaviours.get(path)?.(n) ?? { status: 204 };
        if (answer.delayMs) await sleep(answer.delayMs);
        if (!response.destroyed) response.writeHead(answer.status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new Receiver(server, (server.address() as AddressInfo).port);
    return receiver;
  }

  url(path: string): string {
    return `https://127.0.0.1:${this.port}${path}`;
  }

  /** What arrived at a path, each body parsed. */
  at(path: string): Array<Receipt & { event: Record<string, any> }> {
    return this.receipts
      .filter((receipt) => receipt.path === path)
      .map((receipt) => ({ ...receipt, event: JSON.parse(receipt.body) as Record<string, any> }));
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** The environment that lets the service post to the receiver: loopback allowed, its port, its certificate. */
export function receiverEnv(receiver: Receiver, certificate: TestCertificate): Record<string, string> {
  return {
    ADOPS_FETCH_ALLOW_HOSTS: '127.0.0.1',
    ADOPS_FETCH_PORTS: `443,${receiver.port}`,
    ADOPS_FETCH_CA_FILE: certificate.certPath,
  };
}
