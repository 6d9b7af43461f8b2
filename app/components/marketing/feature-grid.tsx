import type { LucideIcon } from "lucide-react";
import { FeatureCard } from "./feature-card";

/** A list of feature cards of equal height; the caller sets the columns. */
export function FeatureGrid({
  items,
  className,
  itemClassName,
  testId,
}: {
  items: { icon?: LucideIcon; title: string; description: string }[];
  className: string;
  itemClassName?: string;
  testId?: string;
}) {
  return (
    <ul data-testid={testId} className={className}>
      {items.map((item) => (
        <li key={item.title} data-testid="feature-card" className={itemClassName}>
          <FeatureCard
            icon={item.icon}
            title={item.title}
            description={item.description}
            className="h-full"
          />
        </li>
      ))}
    </ul>
  );
}
