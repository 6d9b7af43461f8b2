import type * as React from "react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { Button } from "~/components/ui/button";

/**
 * A link staff gave a block: a site path goes through the router; an in-page anchor (#faq) is a
 * plain link to it; an http(s) address is an outbound link like every other of the site (a new
 * tab, noopener, "(opens in a new tab)" for screen readers); mailto and tel are plain links. The
 * schema (isLinkTarget) allows nothing else.
 */
export function BlockAnchor({
  href,
  className,
  iconClassName = "inline size-4 shrink-0",
  children,
}: {
  href: string;
  className?: string;
  /** The outbound link's icon (a button sizes its own). */
  iconClassName?: string;
  children: React.ReactNode;
}) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(href)) {
    return (
      <ExternalAnchor href={href} className={className} iconClassName={iconClassName}>
        {children}
      </ExternalAnchor>
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
