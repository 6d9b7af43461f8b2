/**
 * The products the home page's products section lists (the product pages themselves are page
 * rows, seeded from app/content/pages/products.ts). Studio has a page but no place on the home
 * page.
 */

export type ProductSlug = "hiring-hub" | "opshub" | "omniconnect-hub";

export interface ProductSummary {
  /** Names its picture, /images/products/<slug>.svg. */
  slug: ProductSlug;
  name: string;
  /** Badge shown above the name. */
  category: string;
  /** Internal page, e.g. /products/hiring-hub. */
  path: `/products/${ProductSlug}`;
  /** One or two sentences. */
  description: string;
  /** Four or five short feature bullets. */
  features: string[];
}

export const homeProducts: ProductSummary[] = [
  {
    slug: "omniconnect-hub",
    name: "OmniConnect Hub",
    category: "Communication Tech",
    path: "/products/omniconnect-hub",
    description:
      "One chat widget hub for every customer conversation: live messaging, video, voice AI and file sharing on your website, connected to your CRM.",
    features: [
      "Real-time messaging and video calls",
      "Voice AI that answers and routes visitors",
      "Multi-language, mobile-responsive widget",
      "CRM integrations and ready-made industry flows",
    ],
  },
  {
    slug: "hiring-hub",
    name: "Hiring Hub",
    category: "HR Tech",
    path: "/products/hiring-hub",
    description:
      "An AI recruiting platform that matches, screens and interviews candidates for you, so your team spends its time on the people worth meeting.",
    features: [
      "AI candidate matching",
      "Automated resume screening",
      "Interview scheduling without the back-and-forth",
      "Hiring analytics",
      "AI voice interviews",
    ],
  },
  {
    slug: "opshub",
    name: "OpsHub",
    category: "Operations Tech",
    path: "/products/opshub",
    description:
      "The operations platform for multi-location teams: an AI assistant and four AI agents run scheduling, compliance, tasks and reporting, while gamification keeps staff engaged.",
    features: [
      "AI assistant and four specialised AI agents",
      "Task management and shift scheduling",
      "Gamification with points, levels and leaderboards",
      "Onboarding and training",
      "Analytics across every location",
    ],
  },
];
