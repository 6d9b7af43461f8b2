import type { BlockSeed, PageSeed } from "~/pages/seed-pages.server";

/**
 * The home page as the site comes with it: a page row staff edit in the page editor, written once
 * per database by the seed step "pages-home-v1" (app/db/seed.server.ts). The words are those the
 * home route showed before the page became a row. Its hero's heading, text and second button are
 * the Content tab's hero settings ({hero_title}, …), its figures Content → Statistics and its
 * service cards Content → Services, so the Content tab stays the one place they are edited. Read
 * by the seed and by the outage fallback (app/content/pages/index.ts).
 */

type Product = Extract<BlockSeed, { type: "productShowcase" }>["products"][number];

/** A product on the home page: its picture under public/, a Learn More link to its page. */
const product = (
  slug: "omniconnect-hub" | "hiring-hub" | "opshub",
  name: string,
  category: string,
  description: string,
  features: string[],
): Product => ({
  badge: category,
  name,
  description,
  features,
  href: `/products/${slug}`,
  linkLabel: "Learn More",
  src: `/images/products/${slug}.svg`,
  alt: `${name} screen`,
});

const home: PageSeed = {
  address: "/",
  title: "Home",
  kind: "page",
  metaTitle: "Artificial Intelligence and Creativity",
  metaDescription: "{brand_description}",
  blocks: [
    {
      id: "home-1",
      type: "hero",
      v: 3,
      anchor: "home",
      variant: "spotlight",
      badge: "AI-Powered Business Solutions",
      title: "{hero_title}",
      text: "{hero_subtitle}",
      primary: { label: "Explore Our Products", href: "#products", icon: "arrow-right" },
      secondary: { label: "{hero_cta_text}", href: "/schedule-consultation" },
      figuresFrom: "statistics",
    },
    {
      id: "home-2",
      type: "productShowcase",
      v: 1,
      anchor: "products",
      eyebrow: "Our Products",
      title: "Software that puts AI to work",
      intro:
        "Ready-made platforms for communication, hiring and operations, each with AI at its core.",
      products: [
        product(
          "omniconnect-hub",
          "OmniConnect Hub",
          "Communication Tech",
          "One chat widget hub for every customer conversation: live messaging, video, voice AI and file sharing on your website, connected to your CRM.",
          [
            "Real-time messaging and video calls",
            "Voice AI that answers and routes visitors",
            "Multi-language, mobile-responsive widget",
            "CRM integrations and ready-made industry flows",
          ],
        ),
        product(
          "hiring-hub",
          "Hiring Hub",
          "HR Tech",
          "An AI recruiting platform that matches, screens and interviews candidates for you, so your team spends its time on the people worth meeting.",
          [
            "AI candidate matching",
            "Automated resume screening",
            "Interview scheduling without the back-and-forth",
            "Hiring analytics",
            "AI voice interviews",
          ],
        ),
        product(
          "opshub",
          "OpsHub",
          "Operations Tech",
          "The operations platform for multi-location teams: an AI assistant and four AI agents run scheduling, compliance, tasks and reporting, while gamification keeps staff engaged.",
          [
            "AI assistant and four specialised AI agents",
            "Task management and shift scheduling",
            "Gamification with points, levels and leaderboards",
            "Onboarding and training",
            "Analytics across every location",
          ],
        ),
      ],
    },
    {
      id: "home-3",
      type: "cardGrid",
      v: 3,
      anchor: "services",
      eyebrow: "Our Services",
      title: "AI and automation, built around your business",
      intro:
        "From the first chatbot to a company-wide automation strategy, we design, build and run it with you.",
      tone: "muted",
      cardsFrom: "services",
      cards: [],
      primary: { label: "Schedule a Free Consultation", href: "/schedule-consultation" },
      secondary: { label: "View Case Studies", href: "/demos" },
    },
    {
      id: "home-4",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Ready to put AI to work?",
      text: "Book a free consultation and we'll map out where automation pays off first.",
      primary: { label: "Schedule Consultation", href: "/schedule-consultation" },
      secondary: { label: "Contact Us", href: "/contact" },
    },
  ],
};

/** The seed step's pages. */
export const homePageSeeds: readonly PageSeed[] = [home];
