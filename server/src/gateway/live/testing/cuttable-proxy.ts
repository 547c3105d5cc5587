import net from 'node:net';

/**
 * A TCP hop between the gateway and its upstream that a test can cut and restore on the same
 * port: the gateway sees exactly what it would see if the upstream went away (refused
 * connections, dropped sockets) and came back.
 */
export async function createCuttableProxy(targetPort: number): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}
