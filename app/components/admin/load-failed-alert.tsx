import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

/** A tab whose data could not be read: says so, with a plain link that loads the page again. */
export function LoadFailedAlert({ what, href }: { what: string; href: string }) {
  return (
    <Alert className="flex flex-wrap items-center justify-between gap-3">
      <span>Failed to load {what}.</span>
      <Button asChild variant="outline" size="sm">
        <a href={href}>Try again</a>
      </Button>
    </Alert>
  );
}
