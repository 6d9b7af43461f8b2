import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Whether the page before this one in the tab's history is one of ours: a move inside the app
 * (React Router numbers its entries; 0 is the first page it loaded), or a full page load that came
 * from this site (a same-origin referrer with an entry behind it).
 */
function cameFromThisSite() {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === "number" && idx > 0) return true;
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Goes back in history when the visitor came from a page of ours; otherwise goes home (a visitor
 * who opened a legal page from a search result is not sent off the site). Used by the legal
 * pages and by a hero with its Back button on.
 */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => {
        if (cameFromThisSite()) navigate(-1);
        else navigate("/");
      }}
    >
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}
