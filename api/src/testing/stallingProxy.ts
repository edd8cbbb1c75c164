/**
 * A TCP proxy between the api and its PostgreSQL that can stop forwarding, as a network that
 * drops every packet does: nothing arrives either way, new connections open but hear nothing,
 * and a side that closes is not heard closing by the other. It can forward again afterwards.
 */
import net from 'node:net';

export interface StallingProxy {
  port: number;
  /** Stops forwarding bytes (they are dropped, not held back) and closings. */
  stall(): void;
  /** Forwards again; connections made during the stall stay silent (their first bytes are gone). */
  resume(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    // A connection opened while stalled lost its start-up bytes: it can never work, even later.
    const bornStalled = stalled;
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (!stalled && !bornStalled) to.write(chunk);
      });
      from.on('close', () => {
        if (!stalled) to.destroy();
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall: () => void (stalled = true),
    resume: () => void (stalled = false),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
