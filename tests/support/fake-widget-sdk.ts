import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A stand-in for a self-hosted chat server (the machine running the tests has no internet).
 * /packs/js/sdk.js defines window.chatwootSDK like the real SDK; its run() records the options,
 * shows a bubble, and does what the real widget needs the page's CSP to allow: an iframe from the
 * chat server, an HTTP request to it and a WebSocket to it.
 */
const chatSdk = `
window.chatwootSDK = {
  run: function (options) {
    window.__chatRuns = (window.__chatRuns || []).concat([options]);
    var frame = document.createElement("iframe");
    frame.id = "fake-chat-frame";
    frame.title = "Chat window";
    frame.src = options.baseUrl + "/widget?website_token=" + encodeURIComponent(options.websiteToken);
    frame.addEventListener("load", function () { window.__chatFrame = "loaded"; });
    document.body.appendChild(frame);
    var bubble = document.createElement("button");
    bubble.type = "button";
    bubble.id = "fake-chat-bubble";
    bubble.textContent = "Chat with us";
    document.body.appendChild(bubble);
    fetch(options.baseUrl + "/api/ping")
      .then(function (response) { return response.json(); })
      .then(function (body) { window.__chatPing = body.ok; });
    var socket = new WebSocket(options.baseUrl.replace(/^http/, "ws") + "/cable");
    socket.onopen = function () { window.__chatSocket = "open"; socket.close(); };
  }
};
`;

/** The voice SDK's stand-in, served in place of the CDN URL with Playwright's page.route. */
export const fakeVoiceSdk = `
window.vapiSDK = {
  run: function (options) {
    window.__voiceRuns = (window.__voiceRuns || []).concat([options]);
    var button = document.createElement("button");
    button.type = "button";
    button.id = "fake-voice-button";
    button.textContent = options.config.idle.title;
    document.body.appendChild(button);
    return {};
  }
};
`;

export interface FakeChatServer {
  /** http://127.0.0.1:port, no trailing slash. */
  url: string;
  /** Paths requested so far (without query strings). */
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    requests.push(path);
    if (path === "/packs/js/sdk.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(chatSdk);
    } else if (path === "/widget") {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<!doctype html><title>Chat</title><p>Fake chat window</p>");
    } else if (path === "/api/ping") {
      res
        .writeHead(200, {
          "content-type": "application/json",
          "access-control-allow-origin": "*",
        })
        .end('{"ok":true}');
    } else {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  // Just enough WebSocket (RFC 6455) to open a connection and answer the browser's close.
  server.on("upgrade", (req, socket: Socket) => {
    requests.push((req.url ?? "/").split("?")[0] ?? "/");
    const key = req.headers["sec-websocket-key"] ?? "";
    const accept = createHash("sha1")
      .update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest("base64");
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    socket.on("data", (frame: Buffer) => {
      if (((frame[0] ?? 0) & 0x0f) === 0x8) socket.end(Buffer.from([0x88, 0x00]));
    });
    socket.on("error", () => {});
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
