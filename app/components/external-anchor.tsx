import { ExternalLink } from "lucide-react";
import type * as React from "react";

/**
 * A link to another site: opens in a new tab without handing it this page (noopener), marked with
 * an icon and, for screen readers, in words.
 */
export function ExternalAnchor({
  children,
  iconClassName,
  ...props
}: React.ComponentProps<"a"> & { href: string; iconClassName?: string }) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalLink aria-hidden className={iconClassName} />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
