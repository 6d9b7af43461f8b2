import {
  Brain,
  Cloud,
  Cog,
  Database,
  Globe,
  Lightbulb,
  type LucideIcon,
  MessageCircle,
  Mic,
  Rocket,
  Shield,
  Star,
  Target,
  Users,
  Zap,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ServiceIcon } from "~/content/site-defaults";

/** The spec's fourteen service icons, by the name stored with each service. */
export const serviceIconComponents: Record<ServiceIcon, LucideIcon> = {
  MessageCircle,
  Mic,
  Cog,
  Globe,
  Target,
  Users,
  Star,
  Zap,
  Shield,
  Brain,
  Lightbulb,
  Rocket,
  Database,
  Cloud,
};

export function ServiceIconView({ name, className }: { name: string; className?: string }) {
  const Icon = serviceIconComponents[name as ServiceIcon] ?? Star;
  return <Icon aria-hidden className={className} />;
}

/**
 * The icon as SVG markup, made on the server: pages that show admin-chosen icons then ship none
 * of the fourteen icon components. Only names from the fixed list are ever rendered.
 */
export function serviceIconSvg(name: string, className = "size-6") {
  const Icon = serviceIconComponents[name as ServiceIcon] ?? Star;
  return renderToStaticMarkup(createElement(Icon, { className, "aria-hidden": true }));
}
