// `npm start`: builds when needed, then serves. `npm run dev`: serves from source through Vite.
import { ensureBuild } from "./scripts/build-if-stale.js";

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/app.ts");
  await startServer({ vite });
} else {
  process.env.NODE_ENV = "production";
  ensureBuild();
  const { startServer } = await import("./build/server/index.js");
  await startServer();
}
