import { data, Link } from "react-router";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  logger.warn({ path }, "404: page not found");
  return data({ path }, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold tracking-tight text-ink">404</h1>
      <p className="text-xl text-muted">Oops! Page not found</p>
      <Link to="/" className="font-semibold text-primary-strong underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
