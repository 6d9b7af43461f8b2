import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { APIRequestContext } from "playwright-core";
import routes from "../../app/routes";
import { expressRoutes, routeEntries } from "../../server/served-routes-plugin";
import { type AccessFixtures, type RouteRule, routeAccess } from "./route-access";
import { projectRoot } from "./server";

/** One address the server answers, with the modules that serve it. */
export interface Address {
  /** As the route configuration or server/app.ts spells it: "/blog/:slug", "/*", "/assets". */
  path: string;
  files: string[];
  /** A route module exporting an action, or an Express route that is not GET-only. */
  takesWrites: boolean;
}

const exportsAction = (file: string) =>
  /export\s+(?:async\s+)?(?:function|const)\s+action\b/.test(
    fs.readFileSync(path.join(projectRoot, "app", file), "utf8"),
  );

/** Every path of the route configuration; a layout and its index share one. */
function configAddresses(entries: RouteConfigEntry[]) {
  const into = new Map<string, Address>();
  for (const entry of routeEntries(entries)) {
    const address = into.get(entry.path) ?? { path: entry.path, files: [], takesWrites: false };
    address.files.push(entry.file);
    address.takesWrites ||= exportsAction(entry.file);
    into.set(entry.path, address);
  }
  return into;
}

/**
 * The routes server/app.ts mounts itself, read from its source so that a new one needs a rule
 * too. The static files mounted without a path are looked at as "/assets".
 */
function expressAddresses() {
  const source = fs.readFileSync(path.join(projectRoot, "server", "app.ts"), "utf8");
  const addresses = new Map<string, Address>();
  for (const { method, mount, rest } of expressRoutes(source)) {
    // React Router's catch-all: its addresses are the route configuration's.
    if (mount === "*splat") continue;
    addresses.set(mount, {
      path: mount,
      files: ["server/app.ts"],
      // Static files answer GET and HEAD only.
      takesWrites: method !== "get" && !rest.includes("express.static"),
    });
  }
  return addresses;
}

/** Every address of app/routes.ts and server/app.ts. */
export function allAddresses(): Map<string, Address> {
  return new Map([...configAddresses(routes as RouteConfigEntry[]), ...expressAddresses()]);
}

export interface RouteRequest {
  method: "GET" | "POST";
  url: string;
  /** The address's path in the rules. */
  key: string;
  rule: RouteRule;
}

/**
 * A GET of every declared address (its sample for dynamic segments) and a POST of each that takes
 * writes; the POSTs that end the caller's session last.
 */
export function routeRequests(fixtures: AccessFixtures): RouteRequest[] {
  const requests: RouteRequest[] = [];
  for (const address of allAddresses().values()) {
    const rule = routeAccess[address.path];
    if (!rule) continue;
    const sample = typeof rule.sample === "function" ? rule.sample(fixtures) : rule.sample;
    const url = sample ?? address.path;
    if (/[:*]/.test(url)) throw new Error(`${address.path} needs a sample address in its rule`);
    requests.push({ method: "GET", url, rule, key: address.path });
    if (address.takesWrites) {
      requests.push({ method: "POST", url: rule.postSample ?? url, rule, key: address.path });
    }
  }
  const last = (r: RouteRequest) => Number(r.method === "POST" && r.rule.endsSession === true);
  return requests.sort((a, b) => last(a) - last(b));
}

/**
 * Publishes a post and uploads a media file through `admin` (a signed-in admin's requests), for
 * the samples of /blog/:slug and /media/:name.
 */
export async function createAccessFixtures(
  admin: APIRequestContext,
  origin: string,
): Promise<AccessFixtures> {
  const slug = `access-sample-${Date.now().toString(36)}`;
  const post = await admin.post("/api/create-blog-post", {
    headers: { origin },
    data: {
      title: "Access sample",
      content: "A published post for the access tests.",
      excerpt: "Sample",
      slug,
      featured_image: "/images/blog/creators/hiring-hub.svg",
      published: true,
      meta_title: "Sample",
      meta_description: "Sample",
    },
  });
  if (post.status() !== 201) throw new Error(`publishing the sample post: ${await post.text()}`);
  const upload = await admin.post("/admin/media/upload", {
    headers: { origin, accept: "application/json" },
    multipart: {
      file: {
        name: "dot.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
      },
    },
  });
  if (upload.status() !== 201) throw new Error(`uploading the sample file: ${await upload.text()}`);
  const asset = fs.readdirSync(path.join(projectRoot, "build", "client", "assets"))[0];
  return {
    postSlug: slug,
    mediaName: ((await upload.json()) as { name: string }).name,
    assetPath: `/assets/${asset}`,
  };
}
