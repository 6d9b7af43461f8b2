import { Sparkles } from "lucide-react";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import {
  type AssistField,
  assistFieldLabels,
  assistRequestSchema,
  type SuggestionRequest,
} from "~/schemas/admin/blog-assist";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";

/**
 * Whether the OpenAI integration is on: without it the post editor and the media library offer
 * no suggestions at all.
 */
export const WritingAssistContext = createContext(false);

export function useWritingAssist() {
  return useContext(WritingAssistContext);
}

// The server gives up on the AI service after 20 s; this only covers a server that never answers.
const CLIENT_TIMEOUT_MS = 30_000;
const FAILED = "The suggestion could not be made. Please try again.";

type State =
  | { status: "idle" }
  | { status: "asking" }
  | { status: "ready"; suggestion: string }
  | { status: "error"; message: string };

async function askForSuggestion(body: unknown, signal: AbortSignal): Promise<State> {
  let response: Response;
  try {
    response = await fetch("/admin/blog/assist", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    if (signal.aborted) throw signal.reason;
    return { status: "error", message: "The server could not be reached. Check the connection." };
  }
  if (response.status === 401) {
    return { status: "error", message: "You have been signed out. Sign in again to continue." };
  }
  let answer: { ok?: boolean; suggestion?: unknown; error?: unknown } = {};
  try {
    answer = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the generic message below.
  }
  if (response.ok && answer.ok && typeof answer.suggestion === "string") {
    return { status: "ready", suggestion: answer.suggestion };
  }
  return { status: "error", message: typeof answer.error === "string" ? answer.error : FAILED };
}

/**
 * A field's "Suggest" button and, below it, the suggestion with "Use this" and "Dismiss", or why
 * there is none. The field changes only on "Use this"; the post is saved only by the editor's Save.
 */
export function WritingSuggestion({
  field,
  fieldId,
  post,
  onUse,
}: {
  field: AssistField;
  /** The field's control, focused once a suggestion is used. */
  fieldId: string;
  /** The post as the editor holds it now, unsaved typing included. */
  post: { title: string; excerpt: string; content: string };
  onUse: (suggestion: string) => void;
}) {
  return (
    <Suggestion
      label={assistFieldLabels[field]}
      buttonText="Suggest"
      fieldId={fieldId}
      request={() => ({
        field,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
      })}
      onUse={onUse}
    />
  );
}

/**
 * The media library's "Suggest alt text" for an image: the server reads the image and asks the
 * AI service to describe it. The field changes only on "Use this"; the alt text is saved only by
 * the form's own Save.
 */
export function AltTextSuggestion({
  mediaId,
  fieldId,
  onUse,
}: {
  mediaId: number;
  /** The alt text field, focused once a suggestion is used. */
  fieldId: string;
  onUse: (suggestion: string) => void;
}) {
  return (
    <Suggestion
      label={assistFieldLabels.altText}
      buttonText="Suggest alt text"
      fieldId={fieldId}
      request={() => ({ field: "altText", mediaId })}
      onUse={onUse}
    />
  );
}

function Suggestion({
  label,
  buttonText,
  fieldId,
  request,
  onUse,
}: {
  /** What is suggested, in words: "excerpt", "alt text". */
  label: string;
  buttonText: string;
  fieldId: string;
  /** What to ask for, read when the button is pressed (checked with the server's schema). */
  request: () => SuggestionRequest;
  onUse: (suggestion: string) => void;
}) {
  const [state, setState] = useState<State>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function suggest() {
    const parsed = assistRequestSchema.safeParse(request());
    if (!parsed.success) {
      setState({
        status: "error",
        message: Object.values(fieldErrorsOf(parsed.error))[0] ?? FAILED,
      });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const timer = window.setTimeout(() => current.abort(new Error("timeout")), CLIENT_TIMEOUT_MS);
    setState({ status: "asking" });
    try {
      setState(await askForSuggestion(parsed.data, current.signal));
    } catch {
      // Left the page (nothing to show) or waited too long (say so).
      if (controller.current === current) {
        setState({
          status: "error",
          message: "No suggestion came in time. Try again in a moment.",
        });
      }
    } finally {
      window.clearTimeout(timer);
    }
  }

  function use(suggestion: string) {
    onUse(suggestion);
    setState({ status: "idle" });
    document.getElementById(fieldId)?.focus();
  }

  function dismiss() {
    setState({ status: "idle" });
    button.current?.focus();
  }

  const asking = state.status === "asking";
  return (
    <div className="space-y-2">
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Suggest ${label}`}
        disabled={asking}
        onClick={() => void suggest()}
      >
        {asking ? (
          <Spinner className="size-4" label={`Asking for a suggested ${label}`} />
        ) : (
          <Sparkles aria-hidden />
        )}
        {asking ? "Suggesting…" : buttonText}
      </Button>
      {state.status === "ready" ? (
        <section
          aria-labelledby={`${fieldId}-suggestion`}
          className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-ink"
        >
          <p id={`${fieldId}-suggestion`} className="text-xs font-medium text-muted">
            Suggested {label}
          </p>
          <p className="whitespace-pre-wrap break-words">{state.suggestion}</p>
          <div className="flex gap-2">
            <Button type="button" size="sm" onClick={() => use(state.suggestion)}>
              Use this
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={dismiss}>
              Dismiss
            </Button>
          </div>
        </section>
      ) : null}
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-danger">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
