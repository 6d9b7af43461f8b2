import {
  ArrowDown,
  ArrowRight,
  CalendarCheck,
  type LucideIcon,
  Mail,
  PlayCircle,
  Rocket,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { ExternalAnchor } from "~/components/external-anchor";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { BlockLink } from "~/pages/blocks";

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
  ...rest
}: {
  href: string;
  className?: string;
  /** The outbound link's icon (a button sizes its own). */
  iconClassName?: string;
  children: React.ReactNode;
} & Omit<React.ComponentProps<"a">, "href" | "className" | "children">) {
  // `rest`: what a Button drawn through it adds (its data-slot).
  if (href.startsWith("/")) {
    return (
      <Link to={href} {...rest} className={className}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(href)) {
    return (
      <ExternalAnchor href={href} {...rest} className={className} iconClassName={iconClassName}>
        {children}
      </ExternalAnchor>
    );
  }
  return (
    <a href={href} {...rest} className={className}>
      {children}
    </a>
  );
}

/** A button's icon; an arrow says where the button goes, so it follows the words. */
const ICON_GLYPHS: Record<Exclude<BlockLink["icon"], "">, { Icon: LucideIcon; after: boolean }> = {
  "arrow-right": { Icon: ArrowRight, after: true },
  "arrow-down": { Icon: ArrowDown, after: true },
  calendar: { Icon: CalendarCheck, after: false },
  rocket: { Icon: Rocket, after: false },
  play: { Icon: PlayCircle, after: false },
  mail: { Icon: Mail, after: false },
};

type ButtonLook = "default" | "outline" | "inverse" | "inverseOutline";
/** A link as BlockButton takes it: a stored one has an icon and a style; a caller may omit them. */
type ButtonLink = Pick<BlockLink, "label" | "href"> & Partial<Pick<BlockLink, "icon" | "style">>;

/**
 * The button's look: the link's own style, else the caller's look for its place (`variant`: the
 * main button solid, the second outlined). On a coloured band (`inverse…`) the styles keep to
 * the band's colours; "plain" is a text button, as the consultation page's "Email us".
 */
function lookOf(style: ButtonLink["style"], variant: ButtonLook) {
  const onColour = variant === "inverse" || variant === "inverseOutline";
  switch (style) {
    case "solid":
      return { variant: onColour ? "inverse" : "default" } as const;
    case "outline":
      return { variant: onColour ? "inverseOutline" : "outline" } as const;
    case "plain":
      // No variant on a band: the ghost's dark text would clash with the white (cn does not merge).
      return onColour
        ? ({ variant: null, className: "text-white hover:bg-white/10" } as const)
        : ({ variant: "ghost" } as const);
    default:
      return { variant } as const;
  }
}

/**
 * A block's button, when staff gave it both a text and a link, with the link's icon and style.
 * An outbound link keeps its own new-tab icon after the words as well.
 */
export function BlockButton({
  link,
  variant = "default",
  size = "lg",
  className,
}: {
  link: ButtonLink | undefined;
  /** The look by the button's place; the link's `style` overrides it. */
  variant?: ButtonLook;
  size?: "default" | "lg";
  className?: string;
}) {
  if (!link?.label || !link.href) return null;
  const look = lookOf(link.style, variant);
  const icon = link.icon ? ICON_GLYPHS[link.icon] : undefined;
  const glyph = icon ? <icon.Icon aria-hidden /> : null;
  return (
    <Button asChild size={size} variant={look.variant} className={cn(look.className, className)}>
      <BlockAnchor href={link.href}>
        {icon && !icon.after ? glyph : null}
        {link.label}
        {icon?.after ? glyph : null}
      </BlockAnchor>
    </Button>
  );
}

/** Whether a block's optional button will show. */
export function hasLink(link: { label: string; href: string } | undefined) {
  return Boolean(link?.label && link.href);
}
