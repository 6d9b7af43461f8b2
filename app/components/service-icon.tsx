import {
  Bell,
  Blocks,
  Bot,
  Brain,
  Briefcase,
  CalendarCheck,
  ChartColumn,
  ChartLine,
  Cloud,
  Code,
  Cog,
  Compass,
  Cpu,
  CreditCard,
  Database,
  FileText,
  Funnel,
  Gauge,
  Globe,
  HeartPulse,
  House,
  Info,
  Landmark,
  Layers,
  LayoutTemplate,
  Lightbulb,
  type LucideIcon,
  Mail,
  MessageCircle,
  Mic,
  Network,
  Palette,
  PhoneCall,
  PhoneForwarded,
  Rocket,
  Scale,
  Search,
  Server,
  Share2,
  Shield,
  ShieldCheck,
  ShoppingBag,
  ShoppingCart,
  Smartphone,
  Star,
  Target,
  Truck,
  Users,
  UtensilsCrossed,
  Workflow,
  Wrench,
  Zap,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ServiceContentIcon } from "~/content/services";
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

/** The icons of the service pages' copy and of pages' card grids (CARD_ICONS), by name. */
export const contentIconComponents: Record<ServiceContentIcon, LucideIcon> = {
  Bell,
  Blocks,
  Bot,
  Brain,
  Briefcase,
  CalendarCheck,
  ChartColumn,
  ChartLine,
  Cloud,
  Code,
  Compass,
  Cpu,
  CreditCard,
  Database,
  FileText,
  Funnel,
  Gauge,
  HeartPulse,
  House,
  Info,
  Landmark,
  Layers,
  LayoutTemplate,
  Mail,
  MessageCircle,
  Mic,
  Network,
  Palette,
  PhoneCall,
  PhoneForwarded,
  Scale,
  Search,
  Server,
  Share2,
  ShieldCheck,
  ShoppingBag,
  ShoppingCart,
  Smartphone,
  Target,
  Truck,
  Users,
  UtensilsCrossed,
  Workflow,
  Wrench,
  Zap,
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

/** A content icon (CARD_ICONS) as SVG markup, made on the server like `serviceIconSvg`; null for a name not on the list. */
export function contentIconSvg(name: string, className = "size-6") {
  const Icon = contentIconComponents[name as ServiceContentIcon];
  return Icon
    ? renderToStaticMarkup(createElement(Icon, { className, "aria-hidden": true }))
    : null;
}
