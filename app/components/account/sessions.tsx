import { Form } from "react-router";
import type { SessionView } from "~/auth/account-security.server";
import { Button } from "~/components/ui/button";
import type { SecurityActionResult } from "~/schemas/account-security";
import { SecurityStatus } from "./security-section";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** "Where you are signed in": each session with "Sign out", and "Sign out all other sessions". */
export function SessionsList({
  sessions,
  result,
}: {
  sessions: SessionView[];
  result: SecurityActionResult | undefined;
}) {
  const mine =
    result?.intent === "end-session" || result?.intent === "end-other-sessions"
      ? result
      : undefined;
  const others = sessions.filter((s) => !s.current);
  return (
    <>
      <ul className="divide-y divide-line" aria-label="Sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-muted">
                {session.ipAddress ?? "Unknown address"} · last seen{" "}
                {dateFormat.format(new Date(session.lastSeen))} UTC
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={`Sign out ${session.device}, ${session.ipAddress ?? "unknown address"}`}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="outline">
            Sign out all other sessions
          </Button>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-muted">You are not signed in anywhere else.</p>
      )}
      <SecurityStatus result={mine} />
    </>
  );
}
