import { describe, expect, it } from "vitest";
import { CARD_ICONS } from "~/pages/icons";
import { contentIconSvg } from "./service-icon";

/** lucide's class for an icon: "lucide-gamepad-2" for Gamepad2. */
const lucideClass = (name: string) =>
  `lucide-${name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Za-z])(\d)/g, "$1-$2")
    .toLowerCase()}`;

describe("the card icons", () => {
  it("draws every name on the list as its own SVG, and nothing for a name not on it", () => {
    for (const name of CARD_ICONS) {
      const svg = contentIconSvg(name);
      expect(svg, name).toMatch(/^<svg[^>]*aria-hidden="true"[^>]*>[\s\S]+<\/svg>$/);
      expect(svg?.match(/class="([^"]*)"/)?.[1]?.split(" "), name).toContain(lucideClass(name));
    }
    expect(contentIconSvg("Handshak")).toBeNull();
  });

  it("keeps the names stored blocks may use, and the list sorted", () => {
    // The service pages' icons before the list grew: a stored card grid names any of them.
    const before = [
      "Bell",
      "Blocks",
      "Bot",
      "Brain",
      "Briefcase",
      "CalendarCheck",
      "ChartColumn",
      "ChartLine",
      "Cloud",
      "Code",
      "Compass",
      "Cpu",
      "CreditCard",
      "Database",
      "FileText",
      "Funnel",
      "Gauge",
      "HeartPulse",
      "House",
      "Info",
      "Landmark",
      "Layers",
      "LayoutTemplate",
      "Mail",
      "MessageCircle",
      "Mic",
      "Network",
      "Palette",
      "PhoneCall",
      "PhoneForwarded",
      "Scale",
      "Search",
      "Server",
      "Share2",
      "ShieldCheck",
      "ShoppingBag",
      "ShoppingCart",
      "Smartphone",
      "Target",
      "Truck",
      "Users",
      "UtensilsCrossed",
      "Workflow",
      "Wrench",
      "Zap",
    ];
    expect(CARD_ICONS).toEqual(expect.arrayContaining(before));
    // Sorted, so the editor's menu reads alphabetically.
    expect([...CARD_ICONS]).toEqual([...CARD_ICONS].sort());
  });
});
