import { LoaderCircle } from "lucide-react";
import { cn } from "~/lib/utils";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn("animate-spin", className ?? "size-5")} />
    </span>
  );
}

export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-white/80">
      <Spinner className="size-10 text-primary" />
    </div>
  );
}
