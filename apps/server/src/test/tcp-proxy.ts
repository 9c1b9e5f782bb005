import net from 'node:net';

/**
 * A TCP relay in front of a server, for one test app's view of a database outage: `cut()` refuses
 * new connections and resets the open ones, as a stopped PostgreSQL does, without stopping the
 * server other test files share; `restore()` listens again on the same port; `freeze()` leaves the
 * open connections silent, as a network cut does.
 */
export interface TcpProxy {
  /** `url` (a postgres:// address) rewritten to go through the relay. */
  through(url: string): string;
  cut(): Promise<void>;
  /** Stops passing bytes on the open connections without closing them: a peer gone without a word. */
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const stop = async () => {
    const closed = server.listening ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  return {
    through(url) {
      const address = new URL(url);
      address.hostname = '127.0.0.1';
      address.port = String(port);
      return address.href;
    },
    cut: stop,
    freeze() {
      for (const socket of sockets) socket.pause();
    },
    async restore() {
      await listen(port);
    },
    close: stop,
  };
}
