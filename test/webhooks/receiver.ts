import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as a receiver saw it: the raw body bytes and the headers. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A real HTTP receiver on 127.0.0.1 for delivery tests: records every request and answers with the
 * status `answer` gives (default 200). `hold()` keeps answers back until `release()`.
 */
export class TestReceiver {
  readonly received: ReceivedRequest[] = [];
  answer: (request: ReceivedRequest) => number = () => 200;
  /** Most requests open at once. */
  maxConcurrent = 0;
  #open = 0;
  #held: (() => void)[] | null = null;
  readonly #server: Server;

  private constructor(
    readonly url: string,
    server: Server,
  ) {
    this.#server = server;
  }

  static async start(): Promise<TestReceiver> {
    let receiver!: TestReceiver;
    const server = createServer((req, res) => {
      void (async () => {
        receiver.#open++;
        receiver.maxConcurrent = Math.max(receiver.maxConcurrent, receiver.#open);
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const request: ReceivedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        receiver.received.push(request);
        if (receiver.#held) await new Promise<void>((resolve) => receiver.#held!.push(resolve));
        receiver.#open--;
        res.writeHead(receiver.answer(request)).end();
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new TestReceiver(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, server);
    return receiver;
  }

  /** Back to a fresh receiver answering 200. */
  clear(): void {
    this.received.length = 0;
    this.answer = () => 200;
    this.maxConcurrent = 0;
    this.release();
  }

  hold(): void {
    this.#held ??= [];
  }

  release(): void {
    const held = this.#held ?? [];
    this.#held = null;
    for (const resolve of held) resolve();
  }

  /** Requests that arrived and wait for an answer. */
  get open(): number {
    return this.#open;
  }

  close(): Promise<void> {
    this.release();
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** A loopback URL where nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}
