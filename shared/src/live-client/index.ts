// The apps' live client, apart from the package's main entry: it brings socket.io-client, which the server has no use for.
export * from './backoff.ts';
export * from './live-client.ts';
