import { data, Form, Link, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { LinkOutcome } from "~/components/newsletter/link-outcome";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { sendWelcomeMail } from "~/forms/submissions.server";
import { confirmSubscription, findPendingByConfirmToken } from "~/models/newsletter.server";
import { readTokenForm } from "~/newsletter/token-form.server";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription | AI Solutions" },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Opening the link only asks: mail scanners that follow links must not subscribe anyone. The
 * button posts the token back.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const pending = await findPendingByConfirmToken(getDb(), token);
  return data({ token, pending }, { status: pending ? 200 : 404, headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const posted = await readTokenForm(request);
  if (!posted.ok) return data({ confirmed: null }, { status: posted.status, headers: NO_STORE });
  const confirmed = await confirmSubscription(getDb(), posted.token);
  if (confirmed) await sendWelcomeMail(confirmed.email, confirmed.unsubscribeToken);
  return data(
    { confirmed: confirmed ? { email: confirmed.email } : null },
    { status: confirmed ? 200 : 404, headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

/**
 * The action's answer is the whole outcome; loading the page again after it would only find the
 * link used up (a 404 in the browser's console).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { token, pending } = loaderData;
  let content: React.ReactNode;
  if (actionData?.confirmed) {
    content = (
      <LinkOutcome title="You're subscribed" role="status">
        Thank you: {actionData.confirmed.email} will get our newsletter. Every mail has a link to
        unsubscribe.
      </LinkOutcome>
    );
  } else if (!pending || actionData) {
    content = (
      <>
        <LinkOutcome title="This link does not work">
          This confirmation link is incomplete, was used already or is no longer valid. To get a new
          one,{" "}
          <Link to="/newsletter" className="font-semibold text-primary-strong underline">
            subscribe again
          </Link>
          .
        </LinkOutcome>
        <Button asChild className="mt-8">
          <Link to="/">Go to the home page</Link>
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <LinkOutcome title="Confirm your subscription">
          Press the button to get our newsletter at {pending.email}.
        </LinkOutcome>
        <Form method="post" className="mt-8">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Confirming..." : "Confirm subscription"}
          </Button>
        </Form>
      </>
    );
  }
  return <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-24">{content}</section>;
}
