import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * A link staff gave a block: a site path or an anchor goes through the router, anything else
 * (https, mailto, tel) is a plain link. The schema (isLinkTarget) allows nothing else.
 */
export function BlockAnchor({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  if (href.startsWith("/") || href.startsWith("#")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

/** A block's button, when staff gave it both a text and a link. */
export function BlockButton({
  link,
  variant = "default",
  size = "lg",
  className,
}: {
  link: { label: string; href: string } | undefined;
  variant?: "default" | "outline" | "inverse" | "inverseOutline";
  size?: "default" | "lg";
  className?: string;
}) {
  if (!link?.label || !link.href) return null;
  return (
    <Button asChild size={size} variant={variant} className={className}>
      <BlockAnchor href={link.href}>{link.label}</BlockAnchor>
    </Button>
  );
}

/** Whether a block's optional button will show. */
export function hasLink(link: { label: string; href: string } | undefined) {
  return Boolean(link?.label && link.href);
}
