/**
 * A TCP proxy that the fault tests put between the server and PostgreSQL or Redis, to break the
 * connection the ways a network does: `cut` (refuse new connections and reset the open ones, as a
 * stopped database), `blackhole` (accept, then drop every packet silently, as a partition), `delay`
 * (every chunk late), and `pass` again to heal. The machine's databases are never touched.
 */
import net from 'node:net';

export type ProxyMode = 'pass' | 'cut' | 'blackhole' | 'delay';

export interface FaultProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  setMode(mode: ProxyMode, delayMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(port: number, target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = 'pass';
  let delayMs = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  const forward = (from: net.Socket, to: () => net.Socket | null) => {
    from.on('data', (chunk: Buffer) => {
      if (mode === 'blackhole') return;
      const send = () => {
        const socket = to();
        if (socket && !socket.destroyed) socket.write(chunk);
      };
      if (mode === 'delay') setTimeout(send, delayMs);
      else send();
    });
  };
  const accept = (client: net.Socket) => {
    const pair: { client: net.Socket; upstream: net.Socket | null } = { client, upstream: null };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', end).on('close', end);
    // A partition: the connection opens, and nothing ever comes back.
    if (mode === 'blackhole') return;
    const upstream = net.connect(target);
    pair.upstream = upstream;
    upstream.on('error', end).on('close', end);
    forward(client, () => pair.upstream);
    forward(upstream, () => client);
  };
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer(accept);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  const resetAll = () => {
    for (const pair of pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  };
  await listen();
  return {
    port,
    get mode() {
      return mode;
    },
    async setMode(next, delay = 0) {
      const previous = mode;
      mode = next;
      delayMs = delay;
      if (next === 'cut') {
        // Reset first: closing a listener waits for its open connections to end.
        const closed = stopListening();
        resetAll();
        await closed;
      } else if (previous === 'cut') {
        await listen();
      }
      // Connections that lived through a partition are dropped when it heals, as TCP would in time.
      if (previous === 'blackhole' && next !== 'blackhole') resetAll();
    },
    async close() {
      const closed = stopListening();
      resetAll();
      await closed;
    },
  };
}
