import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

export function FeatureCard({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  description: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("rounded-2xl border border-line bg-white p-6 shadow-sm", className)}>
      {Icon ? (
        <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-primary-strong">
          <Icon aria-hidden className="size-6" />
        </span>
      ) : null}
      <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
      <p className="mt-2 text-muted">{description}</p>
      {children}
    </div>
  );
}
