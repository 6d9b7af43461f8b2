import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createRenderQueue } from "./render-queue";

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the render queue", () => {
  it("runs a few tasks at once and starts the rest in the order they came", async () => {
    const queue = createRenderQueue({ concurrency: 2, holdMs: 10_000 });
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const results = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.opened;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.waiting).toBe(3);
    gates[1]?.open();
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.open();
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(queue.waiting).toBe(0);
  });

  it("gives the turn back when a task fails, and the caller sees the failure", async () => {
    const queue = createRenderQueue({ concurrency: 1, holdMs: 10_000 });
    const failing = queue.run(async () => {
      throw new Error("render failed");
    });
    const throwing = queue.run(() => {
      throw new Error("thrown before any promise");
    });
    const next = queue.run(async () => "rendered");
    await expect(failing).rejects.toThrow("render failed");
    await expect(throwing).rejects.toThrow("thrown before any promise");
    await expect(next).resolves.toBe("rendered");
  });

  it("starts the next task when one holds its turn past the limit", async () => {
    const queue = createRenderQueue({ concurrency: 1, holdMs: 50 });
    const stuck = gate();
    const first = queue.run(() => stuck.opened.then(() => "first"));
    const next = queue.run(async () => "next");
    expect(queue.waiting).toBe(1);
    await expect(next).resolves.toBe("next");
    // The stuck one still finishes, and does not give its turn back a second time.
    stuck.open();
    await expect(first).resolves.toBe("first");
    const third = queue.run(async () => "third");
    const fourth = queue.run(async () => "fourth");
    expect(queue.waiting).toBe(1);
    expect(await Promise.all([third, fourth])).toEqual(["third", "fourth"]);
  });
});

describe("the render queue as Express middleware", () => {
  let server: ReturnType<express.Express["listen"]> | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
    server = undefined;
  });

  /** A server whose GET answers wait until released, one render at a time. */
  async function start(holdMs: number) {
    const queue = createRenderQueue({ concurrency: 1, holdMs });
    const rendering: string[] = [];
    const pending = new Map<string, () => void>();
    const app = express();
    app.use(queue.middleware);
    app.all("/:name", (req, res) => {
      const name = String(req.params.name);
      rendering.push(`${req.method} ${name}`);
      if (req.query.instant !== undefined) {
        res.send(name);
        return;
      }
      pending.set(name, () => res.send(name));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    return { queue, rendering, pending, base, waitFor };
  }

  it("renders a GET when the one before it has answered, and lets other methods through", async () => {
    const { queue, rendering, pending, base, waitFor } = await start(10_000);
    const first = fetch(`${base}/first`);
    await waitFor(() => pending.has("first"));
    const second = fetch(`${base}/second`);
    await waitFor(() => queue.waiting === 1);
    // A form's POST does not wait for pages.
    const posted = await fetch(`${base}/form?instant`, { method: "POST" });
    expect(await posted.text()).toBe("form");
    expect(rendering).toEqual(["GET first", "POST form"]);
    pending.get("first")?.();
    expect(await (await first).text()).toBe("first");
    await waitFor(() => pending.has("second"));
    expect(rendering).toEqual(["GET first", "POST form", "GET second"]);
    pending.get("second")?.();
    expect(await (await second).text()).toBe("second");
  });

  it("skips a request whose client left while it waited", async () => {
    const { queue, rendering, pending, base, waitFor } = await start(10_000);
    const first = fetch(`${base}/first`);
    await waitFor(() => pending.has("first"));
    const leaving = new AbortController();
    const left = fetch(`${base}/left`, { signal: leaving.signal }).catch(() => "aborted");
    await waitFor(() => queue.waiting === 1);
    leaving.abort();
    expect(await left).toBe("aborted");
    const third = fetch(`${base}/third?instant`);
    await waitFor(() => queue.waiting === 2);
    pending.get("first")?.();
    expect(await (await third).text()).toBe("third");
    expect(rendering).toEqual(["GET first", "GET third"]);
    await first;
  });

  it("lets the next request render when one holds its turn past the limit", async () => {
    const { rendering, base, waitFor } = await start(100);
    void fetch(`${base}/stuck`).catch(() => undefined);
    await waitFor(() => rendering.includes("GET stuck"));
    const next = await fetch(`${base}/next?instant`);
    expect(await next.text()).toBe("next");
    expect(rendering).toEqual(["GET stuck", "GET next"]);
  });
});
