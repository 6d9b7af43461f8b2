import { data, Link, useFetcher } from "react-router";
import { CLIENT_ADDRESS_HEADER } from "~/auth/auth.server";
import { LinkOutcome } from "~/components/newsletter/link-outcome";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { findSubscriptionByToken } from "~/models/newsletter.server";
import { unsubscribeCountingMisses } from "~/newsletter/one-click.server";
import { readTokenForm } from "~/newsletter/token-form.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe | AI Solutions" },
  { name: "robots", content: "noindex" },
];

/**
 * Opening the link only asks: mail scanners that follow links must not unsubscribe anyone.
 * The button posts the token back, in the body, to the address without it: a POST to the link
 * itself (with the token in the address) is a mail client's one-click unsubscribe, answered by
 * server/one-click-unsubscribe.ts before this route.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscription = await findSubscriptionByToken(getDb(), token);
  return data(
    { token, subscription },
    { status: subscription ? 200 : 404, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const posted = await readTokenForm(request);
  if (!posted.ok) return data({ unsubscribed: null }, { status: posted.status });
  const outcome = await unsubscribeCountingMisses(
    getDb(),
    posted.token,
    request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown",
  );
  if (outcome.kind === "unsubscribed") {
    return data({ unsubscribed: { email: outcome.email } }, { status: 200 });
  }
  if (outcome.kind === "limited") {
    return data(
      { unsubscribed: null },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } },
    );
  }
  return data({ unsubscribed: null }, { status: 404 });
}

const subscribeAgain = (
  <Link to="/newsletter" className="font-semibold text-primary-strong underline">
    subscribe again
  </Link>
);

export default function NewsletterUnsubscribe({
  loaderData,
  actionData: posted,
}: Route.ComponentProps) {
  // With JavaScript the button posts through the fetcher (the address keeps its token); without,
  // the form posts the page and the answer comes back as the action's data.
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const actionData = fetcher.data ?? posted;
  const { token, subscription } = loaderData;
  let content: React.ReactNode;
  if (actionData?.unsubscribed) {
    content = (
      <LinkOutcome title="You're unsubscribed" role="status">
        {actionData.unsubscribed.email} will get no more newsletters from us. Changed your mind? You
        can {subscribeAgain} at any time.
      </LinkOutcome>
    );
  } else if (!subscription || actionData) {
    content = (
      <>
        <LinkOutcome title="This link does not work">
          This unsubscribe link is incomplete or no longer valid. Open the link from your most
          recent newsletter, or contact us and we'll take you off the list.
        </LinkOutcome>
        <Button asChild className="mt-8">
          <Link to="/contact">Contact us</Link>
        </Button>
      </>
    );
  } else if (subscription.status === "unsubscribed") {
    content = (
      <LinkOutcome title="Already unsubscribed">
        {subscription.email} is not on our newsletter list any more. You can {subscribeAgain} at any
        time.
      </LinkOutcome>
    );
  } else {
    content = (
      <>
        <LinkOutcome title="Unsubscribe from our newsletter?">
          {subscription.email} will get no more newsletters from us.
        </LinkOutcome>
        <fetcher.Form method="post" action="/newsletter/unsubscribe" className="mt-8">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </fetcher.Form>
      </>
    );
  }
  return <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-24">{content}</section>;
}
