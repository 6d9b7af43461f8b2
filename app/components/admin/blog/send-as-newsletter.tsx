import { Newspaper } from "lucide-react";
import { useNavigate } from "react-router";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/**
 * A published post's "Send as newsletter": the campaigns' action makes a campaign draft from the
 * post as it is stored (its title the subject), and its editor opens.
 */
export function SendAsNewsletterButton({ postId }: { postId: number }) {
  const navigate = useNavigate();
  const { fetcher, busy } = useAdminFetcher<{ ok: boolean; result?: { id: number } }>({
    onSuccess: (answer) => {
      if (answer.result) void navigate(`/admin/newsletter/campaigns/${answer.result.id}`);
    },
  });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={() =>
        void fetcher.submit(
          { intent: "from-post", postId: String(postId) },
          { method: "post", action: "/admin/newsletter/campaigns" },
        )
      }
    >
      {busy ? (
        <Spinner className="size-4" label="Creating the campaign" />
      ) : (
        <Newspaper aria-hidden />
      )}
      Send as newsletter
    </Button>
  );
}
