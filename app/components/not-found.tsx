import { Link } from "react-router";

/** What an address no page answers shows (status 404). */
export function NotFoundView() {
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
