import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for the Graph API on loopback: records each request and answers from a script. */
export class FakeGraph {
  requests: { url: string; auth: string; body: Record<string, any> }[] = [];
  script: number[] = [];
  private server: Server = createServer((req, res) => this.handle(req, res));
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v21.0`;
  }
  private handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      this.requests.push({
        url: req.url ?? '',
        auth: String(req.headers.authorization),
        body: JSON.parse(raw),
      });
      const status = this.script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200
            ? { messaging_product: 'whatsapp', messages: [{ id: `wamid.${randomUUID()}` }] }
            : { error: { message: status === 400 ? 'Invalid parameter' : 'Try later', code: status } },
        ),
      );
    });
  }
  close() {
    return new Promise((r) => this.server.close(r));
  }
}
