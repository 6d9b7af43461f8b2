import { CircleAlert, CircleCheck } from "lucide-react";
import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { BlogPostPayload } from "~/schemas/blog-api";

/** How long the success message shows before the page goes to the blog (spec: 2000 ms). */
export const CREATOR_REDIRECT_MS = 2000;

export type CreatorState =
  | { kind: "busy" }
  | { kind: "success" }
  | { kind: "error"; message: string };

/** Sends the article to the post API with the visitor's session; throws an Error on refusal. */
async function sendPost(payload: BlogPostPayload) {
  const response = await fetch("/api/create-blog-post", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(payload),
  });
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  throw new Error(
    typeof body?.error === "string" && body.error ? body.error : "Failed to create blog post",
  );
}

/**
 * Runs a one-off creator: sends the article once when the page loads (also under React's strict
 * mode, which runs effects twice), and again each time `create` is called after an error. On
 * success it shows the spec's toast and goes to /blog after 2000 ms; on error the spec's
 * destructive toast, and the busy state is cleared so the page's button can retry.
 */
export function useBlogCreator(payload: BlogPostPayload, successDescription: string) {
  const navigate = useNavigate();
  // Busy from the first render: the page starts the work as soon as it runs in the browser.
  const [state, setState] = useState<CreatorState>({ kind: "busy" });
  const started = useRef(false);
  const running = useRef(false);

  const create = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setState({ kind: "busy" });
    try {
      await sendPost(payload);
      setState({ kind: "success" });
      void showToast({ type: "success", title: "Success!", description: successDescription });
    } catch (error) {
      const message = error instanceof Error ? error.message : "Failed to create blog post";
      setState({ kind: "error", message });
      void showToast({ type: "error", title: "Error", description: message });
    } finally {
      running.current = false;
    }
  }, [payload, successDescription]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void create();
  }, [create]);

  useEffect(() => {
    if (state.kind !== "success") return;
    const timer = setTimeout(() => navigate("/blog"), CREATOR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  return { state, create };
}

/** The page around a creator: heading, what it makes, and the live state. */
export function CreatorPage({
  title,
  description,
  state,
  onRetry,
  children,
}: {
  title: string;
  description: string;
  state: CreatorState;
  /** Shown as "Try again" in the error state; leave out when the page has its own button. */
  onRetry?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <div className="bg-surface px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        <p className="mt-3 text-muted">{description}</p>
        {children}
        <div aria-live="polite" className="mt-8">
          <CreatorStatus state={state} onRetry={onRetry} />
        </div>
      </div>
    </div>
  );
}

function CreatorStatus({ state, onRetry }: { state: CreatorState; onRetry?: () => void }) {
  if (state.kind === "busy") {
    return (
      <div className="flex items-center gap-3 rounded-xl bg-indigo-50 px-4 py-4 text-primary-strong">
        <Spinner className="size-6" label="Creating the blog post" />
        <p className="font-semibold">Creating Blog Post...</p>
      </div>
    );
  }
  if (state.kind === "success") {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-4">
        <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-green-700" />
        <div>
          <p className="font-semibold text-green-900">Blog Post Created!</p>
          <p className="mt-1 text-sm text-green-800">Redirecting to blog...</p>
        </div>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-4">
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-danger" />
        <div className="min-w-0">
          <p className="font-semibold text-danger">The blog post was not created</p>
          <p className="mt-1 text-sm break-words text-ink">{state.message}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3 pl-9">
        {onRetry ? (
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <Button asChild variant="link" size="sm">
          <Link to="/auth">Sign in as an admin or editor</Link>
        </Button>
      </div>
    </div>
  );
}
