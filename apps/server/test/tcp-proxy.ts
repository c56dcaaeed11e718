import net from 'node:net';

/**
 * A TCP proxy to a database server that a test can cut: `cut()` drops every connection and
 * refuses new ones, as an outage or a restart does; `restore()` accepts them again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((incoming) => {
        const outgoing = net.connect(target.port, target.host);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            incoming.destroy();
            outgoing.destroy();
          });
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await listen();
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
  };
  return {
    /** `url` with its host and port pointing at the proxy. */
    through(url: string) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut,
    restore: listen,
    close: cut,
  };
}
