import { CircleCheck } from "lucide-react";
import { cn } from "~/lib/utils";

export function CheckList({
  items,
  columns = 2,
  spacing = "default",
  className,
}: {
  items: string[];
  columns?: 1 | 2;
  spacing?: "default" | "wide";
  className?: string;
}) {
  return (
    <ul
      className={cn(
        "grid",
        spacing === "wide" ? "gap-x-10 gap-y-5" : "gap-4",
        columns === 2 && "sm:grid-cols-2",
        className,
      )}
    >
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          <span className="text-ink">{item}</span>
        </li>
      ))}
    </ul>
  );
}
