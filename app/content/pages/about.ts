import type { BlockSeed, PageSeed } from "~/pages/seed-pages.server";

/**
 * The About page as the site comes with it: a page row staff edit in the page editor, written
 * once per database by the seed step "pages-about-v1" (app/db/seed.server.ts). The words are
 * those the About route showed before the page became a row; the company's name and its city
 * and state are settings values, resolved when the page is drawn. Only the seed reads this module.
 */

type Card = Extract<BlockSeed, { type: "cardGrid" }>["cards"][number];

/** A feature card: its icon above the title. */
const feature = (icon: Card["icon"], title: string, text: string): Card => ({
  icon,
  title,
  text,
});

/** A capability: a feature card with a "Learn more" link to its service page. */
const capability = (icon: Card["icon"], title: string, text: string, href: string): Card => ({
  ...feature(icon, title, text),
  href,
  linkLabel: "Learn more",
});

const STORY = [
  "{company_name} started from a simple observation: the AI that large enterprises use to answer customers, screen candidates and run operations had become capable and affordable, yet most small and medium businesses had no practical way to put it to work. Owners were curious, but short on time and wary of projects that never leave the pilot stage.",
  "So we set out to be the team that does the work. We began with conversational agents and websites, and grew into voice agents, process and marketing automation, and consulting on digital transformation. The patterns we saw again and again became products: OmniConnect Hub for customer communication, Hiring Hub for recruiting and OpsHub for day-to-day operations.",
  "Today we work with owners and their teams from the first conversation to launch and beyond: we listen, recommend what will pay off, build it, and stay on to keep it running and improving.",
];

const about: PageSeed = {
  address: "/about",
  title: "About Us",
  kind: "page",
  metaTitle: "About Us",
  metaDescription:
    "Who we are: a Florida-based team that builds AI chat and voice agents, automations and websites for small and medium businesses. Our story, mission, capabilities and vision.",
  blocks: [
    {
      id: "about-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "About Us",
      title: "About {company_name}",
      text: "We help small and medium businesses put artificial intelligence to work: chat and voice agents that answer customers around the clock, automations that take repetitive work off your team, and websites built to convert.",
    },
    {
      id: "about-2",
      type: "richText",
      v: 2,
      anchor: "story",
      eyebrow: "Who we are",
      title: "Our Story",
      tightTop: true,
      markdown: STORY.join("\n\n"),
      aside: {
        title: "At a glance",
        items: [
          { term: "Headquarters", detail: "{business_location}" },
          { term: "Clients", detail: "Small and medium businesses across the United States" },
          { term: "Services", detail: "AI agents, automation, web development and consulting" },
          { term: "Products", detail: "OmniConnect Hub, Hiring Hub and OpsHub" },
        ],
      },
    },
    {
      id: "about-3",
      type: "cardGrid",
      v: 3,
      anchor: "mission",
      eyebrow: "Our Mission",
      title: "Make AI practical for every growing business",
      intro:
        "Our mission is to give small and medium businesses the advantage AI gives the largest companies, without the enterprise budget, the jargon or the risk.",
      tone: "muted",
      style: "stacked",
      columns: 3,
      cards: [
        feature(
          "Target",
          "Start with the problem",
          "We begin with your goals and the work that slows your team down, not with a technology looking for a use.",
        ),
        feature(
          "Gauge",
          "Measure what matters",
          "Every project has clear targets, such as faster responses, fewer manual tasks or more qualified leads, so you can see what it returns.",
        ),
        feature(
          "Handshake",
          "Keep people in charge",
          "Our agents handle the routine and hand over to your team when a human touch matters. You stay in control of your data and your customers.",
        ),
      ],
    },
    {
      id: "about-4",
      type: "cardGrid",
      v: 3,
      anchor: "capabilities",
      eyebrow: "Capabilities",
      title: "What we do",
      intro: "Six services that cover the path from first idea to a system that runs every day.",
      style: "stacked",
      columns: 3,
      linkStyle: "text",
      cards: [
        capability(
          "MessageCircle",
          "Chatbot Agents Omnichannel",
          "AI chat agents that answer questions, qualify leads and book appointments on your website, Messenger, Instagram, WhatsApp, Telegram and SMS.",
          "/chatbot-agents-omnichannel",
        ),
        capability(
          "Mic",
          "Voice-Driven AI Agents",
          "Voice agents for inbound and outbound calls, information lines and appointment scheduling, backed by a virtual PBX.",
          "/voice-driven-ai-agents",
        ),
        capability(
          "Cog",
          "Process Automation",
          "Connect the tools you already use and automate data entry, hand-offs, reminders and reports, without copy and paste.",
          "/process-automation",
        ),
        capability(
          "Globe",
          "Web Design & Development",
          "Fast, accessible websites and web applications designed to turn visitors into customers and to work with your AI agents.",
          "/web-design--development",
        ),
        capability(
          "Megaphone",
          "Marketing Automation",
          "Campaigns, follow-ups and lead nurturing that run on their own across e-mail, SMS and social channels.",
          "/marketing-automation",
        ),
        capability(
          "Compass",
          "Consulting Services",
          "Guidance on digital transformation, AI implementation and IoT, from a first assessment to a roadmap your team can act on.",
          "/consulting-services",
        ),
      ],
    },
    {
      id: "about-5",
      type: "cardGrid",
      v: 3,
      title: "Products built on the same expertise",
      tightTop: true,
      style: "stacked",
      columns: 3,
      linkStyle: "card",
      cards: [
        {
          badge: "Communication Tech",
          title: "OmniConnect Hub",
          text: "One hub for chat, voice and video conversations with your customers.",
          href: "/products/omniconnect-hub",
          linkLabel: "",
        },
        {
          badge: "HR Tech",
          title: "Hiring Hub",
          text: "AI candidate matching, resume screening, interview scheduling and voice interviews.",
          href: "/products/hiring-hub",
          linkLabel: "",
        },
        {
          badge: "Operations Tech",
          title: "OpsHub",
          text: "An AI assistant and four AI agents for scheduling, compliance, tasks and analytics.",
          href: "/products/opshub",
          linkLabel: "",
        },
      ],
    },
    {
      id: "about-6",
      type: "cardGrid",
      v: 3,
      anchor: "vision",
      eyebrow: "Our Vision",
      title: "Where we are headed",
      intro:
        "We believe AI will become part of how every small business serves its customers, the way the website and the smartphone did before it. We are building toward that future.",
      tone: "dark",
      style: "stacked",
      columns: 3,
      cards: [
        {
          title: "AI agents as teammates",
          text: "Every growing business with AI agents that answer customers, schedule work and keep records, working alongside the people who run it.",
        },
        {
          title: "Connected operations",
          text: "Chat, voice, hiring and operations tools that share what they learn, so owners see the whole business in one place.",
        },
        {
          title: "Responsible by design",
          text: "Systems that are open about being AI, protect customer data and hand over to a person whenever that serves the customer better.",
        },
      ],
    },
    {
      id: "about-7",
      type: "stats",
      v: 2,
      anchor: "reach",
      eyebrow: "Our Reach",
      title: "Where we work",
      intro:
        "Headquartered in {business_location}, we work with businesses across the United States: in person when it helps, remotely for everything else.",
      tone: "plain",
      items: [
        { value: "6", label: "messaging channels covered by our chat agents" },
        { value: "24/7", label: "availability of the AI agents we deploy" },
        { value: "3", label: "products for communication, hiring and operations" },
        { value: "4", label: "specialized AI agents inside OpsHub" },
      ],
    },
    {
      id: "about-8",
      type: "cardGrid",
      v: 3,
      tightTop: true,
      style: "stacked",
      columns: 3,
      cards: [
        feature(
          "MessagesSquare",
          "Every channel your customers use",
          "Website chat, Messenger, Instagram, WhatsApp, Telegram, SMS and the phone line: one agent, consistent answers everywhere.",
        ),
        feature(
          "Building",
          "Industries we know",
          "Restaurants and hospitality, tax and financial services, legal practices and other service businesses that handle many calls and messages.",
        ),
        feature(
          "Languages",
          "Many languages",
          "Our agents and OmniConnect Hub support multiple languages, so you can serve customers in the language they prefer.",
        ),
      ],
    },
    {
      id: "about-9",
      type: "cardGrid",
      v: 3,
      anchor: "technology",
      eyebrow: "Technology Focus",
      title: "Technology we focus on",
      intro:
        "We choose proven, well-supported technology and combine it with care, so what we build is reliable today and easy to extend tomorrow. Security and privacy are part of every design, not an afterthought.",
      tone: "muted",
      style: "stacked",
      columns: 3,
      cards: [
        feature(
          "Brain",
          "Large language models",
          "Conversational agents built on leading language models and grounded in your own content, so answers stay accurate and on-brand.",
        ),
        feature(
          "AudioLines",
          "Voice AI and telephony",
          "Speech recognition, natural-sounding speech and call handling that work with the phone numbers you already have.",
        ),
        feature(
          "Workflow",
          "Workflow automation",
          "APIs and integration platforms that connect your CRM, calendar, e-mail and business applications.",
        ),
        feature(
          "CodeXml",
          "Modern web platforms",
          "Server-rendered, accessible and fast-loading websites and web applications built with current frameworks.",
        ),
        feature(
          "ChartColumn",
          "Data and analytics",
          "Dashboards and reports that show how your conversations, calls and automations perform over time.",
        ),
        feature(
          "Cpu",
          "IoT and connected devices",
          "Sensors and connected devices brought into your processes wherever real-world data makes a difference.",
        ),
      ],
    },
    {
      id: "about-10",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Let's talk about your business",
      text: "Book a free consultation. We'll learn how you work today and show you where AI and automation pay off first.",
      primary: { label: "Schedule Consultation", href: "/schedule-consultation" },
      secondary: { label: "Contact Us", href: "/contact" },
    },
  ],
};

/** The seed step's pages. */
export const aboutPageSeeds: readonly PageSeed[] = [about];
