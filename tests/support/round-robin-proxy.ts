import http from "node:http";
import type net from "node:net";

/** A request header that sends the request to the backend with this index instead of the next one. */
export const BACKEND_HEADER = "x-test-backend";
/** A response header naming the index of the backend that answered. */
export const SERVED_BY_HEADER = "x-served-by";

export interface RoundRobinProxy {
  url: string;
  /** How many requests each backend got. */
  readonly served: number[];
  close(): Promise<void>;
}

/**
 * A load balancer in front of several app processes, as in production: requests take turns
 * across `backends` unless BACKEND_HEADER aims one, the Host header is kept, and the client's
 * address is appended to X-Forwarded-For (the app trusts loopback, so a test can still act as
 * many visitors by sending its own X-Forwarded-For).
 */
export async function startRoundRobinProxy(options: {
  backends: string[];
  port?: number;
}): Promise<RoundRobinProxy> {
  const backends = options.backends.map((backend) => new URL(backend));
  const served = backends.map(() => 0);
  let next = 0;
  const sockets = new Set<net.Socket>();

  const server = http.createServer((request, response) => {
    const aimed = request.headers[BACKEND_HEADER];
    const index = aimed === undefined ? next++ % backends.length : Number(aimed);
    const backend = backends[index];
    if (!backend) {
      response.writeHead(400).end(`No backend ${String(aimed)}`);
      return;
    }
    served[index] = (served[index] ?? 0) + 1;

    const headers = { ...request.headers };
    delete headers[BACKEND_HEADER];
    const client = request.socket.remoteAddress ?? "127.0.0.1";
    const forwarded = request.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${client}` : client;

    const upstream = http.request(
      {
        hostname: backend.hostname,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          [SERVED_BY_HEADER]: String(index),
        });
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
