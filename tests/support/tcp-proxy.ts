import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 that a test can cut and restore, to make a server (PostgreSQL) behind
 * it unreachable without touching the server itself.
 *
 * - `cut("refuse")`: every open connection is destroyed and the port stops listening, so new
 *   connections are refused at once (the server went away, the host is still there).
 * - `cut("blackhole")`: every open connection is destroyed; new connections are accepted and
 *   then never answered (a dead network path: only the client's own timeouts end the wait).
 * - `cut("silence")`: open connections stay open but nothing passes any more, and new ones are
 *   held as in "blackhole" (a network partition: a query under way waits for its answer forever
 *   unless the client gives up on its own).
 * - `restore()`: forwards again, on the same port (connections cut or held before are closed).
 */
export type CutMode = "refuse" | "blackhole" | "silence";

export interface TcpProxy {
  readonly port: number;
  /** `host:port` to put into a connection string instead of the target's. */
  readonly address: string;
  readonly state: "open" | CutMode;
  /** Connections accepted since the proxy started (forwarded or held). */
  readonly accepted: number;
  cut(mode?: CutMode): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let state: TcpProxy["state"] = "open";
  let accepted = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    // A reset from either side is the expected way for a cut connection to end.
    socket.on("error", () => {});
  };

  const server = net.createServer((client) => {
    accepted += 1;
    track(client);
    if (state !== "open") {
      // Accepted, never answered, never forwarded.
      client.pause();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const pair = { client, upstream };
    pairs.add(pair);
    client.once("close", () => {
      pairs.delete(pair);
      upstream.destroy();
    });
    upstream.once("close", () => client.destroy());
  });
  server.on("error", () => {});

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const port = await listen(0);

  return {
    port,
    address: `127.0.0.1:${port}`,
    get state() {
      return state;
    },
    get accepted() {
      return accepted;
    },
    async cut(mode = "refuse") {
      state = mode;
      if (mode === "silence") {
        for (const { client, upstream } of pairs) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.pause();
          upstream.pause();
        }
        return;
      }
      destroyAll();
      if (mode === "refuse") {
        // close() waits for open connections, which were just destroyed.
        await stopListening();
      } else if (!server.listening) {
        await listen(port);
      }
    },
    async restore() {
      state = "open";
      // Held (blackholed) connections would otherwise stay half-open forever.
      destroyAll();
      if (!server.listening) await listen(port);
    },
    async close() {
      state = "refuse";
      destroyAll();
      await stopListening();
    },
  };
}
