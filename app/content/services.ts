import { CARD_ICONS, type CardIconName } from "~/pages/icons";
import type { ServicePage } from "./service-paths";

/** The lucide-react icons the service pages use, by component name: the card grids' list. */
export const serviceContentIcons = CARD_ICONS;
export type ServiceContentIcon = CardIconName;

export interface ServiceCard {
  icon: ServiceContentIcon;
  title: string;
  description: string;
}

/** A short named item shown as a tile: a technology, a platform, an industry. */
export interface ServiceTile {
  icon: ServiceContentIcon;
  name: string;
  description: string;
}

export interface ServiceStep {
  title: string;
  description: string;
}

interface SectionHead {
  /** Anchor id of the section; also the base of its `data-testid`s. */
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
}

/** The page-specific sections between the feature cards and the benefits. */
export type ServiceExtraSection =
  | (SectionHead & { kind: "cards"; items: ServiceCard[] })
  | (SectionHead & { kind: "tiles"; items: ServiceTile[] })
  | (SectionHead & { kind: "steps"; items: ServiceStep[] });

export interface ServicePageContent {
  /** The page's path, starting with a slash. */
  path: `/${ServicePage}`;
  /** Title and description for the document head and link previews. */
  seoTitle: string;
  seoDescription: string;
  hero: {
    badge: string;
    title: string;
    description: string;
    /** Short labels shown as chips under the hero buttons. */
    highlights?: { label: string; items: string[] };
  };
  features: SectionHead & { items: ServiceCard[] };
  extras: ServiceExtraSection[];
  benefits: SectionHead & { items: string[] };
  cta: { title: string; description: string };
}

export const servicePageContent: Record<ServicePage, ServicePageContent> = {
  "chatbot-agents-omnichannel": {
    path: "/chatbot-agents-omnichannel",
    seoTitle: "Omnichannel Chatbot Agents",
    seoDescription:
      "AI chatbot agents that answer customers on your website, Messenger, Instagram, WhatsApp, Telegram and SMS, around the clock, in one shared inbox.",
    hero: {
      badge: "Chatbot Agents Omnichannel",
      title: "AI Chat Agents on Every Channel Your Customers Use",
      description:
        "Answer questions, qualify leads and book appointments around the clock. One AI agent, trained on your business, replies on your website, Messenger, Instagram, WhatsApp, Telegram and SMS, and hands off to your team whenever a person is needed.",
      highlights: {
        label: "Supported channels",
        items: ["Website", "Messenger", "Instagram", "WhatsApp", "Telegram", "SMS"],
      },
    },
    features: {
      id: "features",
      eyebrow: "What you get",
      title: "Conversations that run themselves",
      intro:
        "We design, train and connect a chat agent that speaks in your brand's voice and knows your products, prices and policies.",
      items: [
        {
          icon: "MessageCircle",
          title: "One Agent, Six Channels",
          description:
            "Your website chat, Facebook Messenger, Instagram DMs, WhatsApp, Telegram and SMS all feed into one agent and one conversation history.",
        },
        {
          icon: "Brain",
          title: "Trained on Your Business",
          description:
            "The agent learns from your website, FAQs, menus, price lists and documents, so answers are accurate and specific to you rather than generic.",
        },
        {
          icon: "CalendarCheck",
          title: "Leads and Bookings Captured",
          description:
            "It asks the right qualifying questions, collects contact details and books appointments straight into your calendar or CRM.",
        },
        {
          icon: "Users",
          title: "Smooth Hand-off to Your Team",
          description:
            "When a question needs a person, the full conversation is passed to a team member in a shared inbox, with no need for the customer to repeat themselves.",
        },
      ],
    },
    extras: [],
    benefits: {
      id: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "A chat agent that works every hour of every day changes how quickly you can respond.",
      items: [
        "Instant replies 24/7, including evenings, weekends and holidays",
        "Every channel answered in one consistent brand voice",
        "More leads captured from after-hours visitors and messages",
        "Fewer repetitive questions reaching your staff",
        "Appointments and orders booked without back-and-forth",
        "Conversations in your customers' preferred language",
        "Conversation history and insights in one place",
        "Scales to busy seasons without hiring extra staff",
      ],
    },
    cta: {
      title: "Ready to answer every customer, instantly?",
      description:
        "Book a free consultation and we'll show you how a chat agent would handle your most common customer questions.",
    },
  },

  "voice-driven-ai-agents": {
    path: "/voice-driven-ai-agents",
    seoTitle: "Voice-Driven AI Agents",
    seoDescription:
      "Voice AI agents for inbound and outbound calls, a virtual PBX, information lines and appointment scheduling, with natural conversation and no hold music.",
    hero: {
      badge: "Voice-Driven AI Agents",
      title: "AI Voice Agents That Answer Every Call",
      description:
        "Never send a caller to voicemail again. Our voice agents hold natural phone conversations, answer questions, route calls and book appointments, day and night, with the tone and knowledge of your best receptionist.",
    },
    features: {
      id: "features",
      eyebrow: "What you get",
      title: "A phone line that never sleeps",
      intro:
        "We build voice agents on top of your existing phone numbers and tools, tuned to how your customers actually speak.",
      items: [
        {
          icon: "Mic",
          title: "Natural, Human-Like Speech",
          description:
            "Low-latency speech recognition and lifelike voices let callers talk normally, interrupt and ask follow-up questions.",
        },
        {
          icon: "Brain",
          title: "Knows Your Business",
          description:
            "Hours, services, pricing, policies and FAQs are built into the agent so it gives callers correct, consistent answers.",
        },
        {
          icon: "PhoneForwarded",
          title: "Smart Routing and Transfers",
          description:
            "Urgent or complex calls are transferred to the right person with a short summary, so your team picks up with full context.",
        },
        {
          icon: "FileText",
          title: "Transcripts and Call Summaries",
          description:
            "Every call is transcribed and summarised, and key details are pushed into your CRM or sent to your inbox automatically.",
        },
      ],
    },
    extras: [
      {
        kind: "cards",
        id: "use-cases",
        eyebrow: "Use cases",
        title: "Where voice agents make a difference",
        intro: "Start with the calls that cost you the most time, then expand from there.",
        items: [
          {
            icon: "PhoneCall",
            title: "Inbound and Outbound Calls",
            description:
              "Answer incoming calls instantly and run outbound calls for reminders, follow-ups, confirmations and lead qualification.",
          },
          {
            icon: "Network",
            title: "Virtual PBX",
            description:
              "A voice-driven front desk that greets callers, understands what they need and connects them to the right department or extension.",
          },
          {
            icon: "Info",
            title: "Information Lines",
            description:
              "Handle opening hours, order status, directions, pricing and other common questions without tying up your staff.",
          },
          {
            icon: "CalendarCheck",
            title: "Appointment Scheduling",
            description:
              "Book, reschedule and cancel appointments by phone, synced with your calendar and confirmed by text message.",
          },
        ],
      },
    ],
    benefits: {
      id: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Every answered call is a customer served and an opportunity kept.",
      items: [
        "No more missed calls or full voicemail boxes",
        "Callers answered on the first ring, with no hold music",
        "Available 24/7, including after hours and on holidays",
        "Staff freed from routine calls to focus on customers in front of them",
        "Consistent, accurate answers on every call",
        "Handles many calls at once during busy periods",
        "Call data and summaries flow straight into your CRM",
        "Works with your existing phone numbers",
      ],
    },
    cta: {
      title: "Hear what your AI receptionist sounds like",
      description:
        "Schedule a free consultation and we'll walk you through a voice agent set up for calls like yours.",
    },
  },

  "process-automation": {
    path: "/process-automation",
    seoTitle: "Process Automation",
    seoDescription:
      "Automate repetitive work across your tools: data entry, documents, approvals and reporting, so your team spends its time on what matters.",
    hero: {
      badge: "Process Automation",
      title: "Automate the Busywork, Keep the Business Moving",
      description:
        "Copying data between systems, chasing approvals, filling in the same forms: we map the repetitive work in your business and automate it across the tools you already use, with AI handling the steps that used to need a person.",
    },
    features: {
      id: "features",
      eyebrow: "What you get",
      title: "Automation built around how you work",
      intro:
        "We start from your real processes, not a template, and automate them step by step with clear results at each stage.",
      items: [
        {
          icon: "Search",
          title: "Process Discovery",
          description:
            "We sit down with your team, map your workflows and identify the tasks where automation saves the most time.",
        },
        {
          icon: "Blocks",
          title: "Connects Your Existing Tools",
          description:
            "Your CRM, accounting, e-mail, spreadsheets and industry software are linked so data moves between them automatically.",
        },
        {
          icon: "Brain",
          title: "AI for the Judgement Calls",
          description:
            "AI reads e-mails and documents, extracts the details that matter and decides where each item goes next.",
        },
        {
          icon: "Gauge",
          title: "Monitoring and Alerts",
          description:
            "Every automation is logged and monitored, and you are notified the moment something needs a human decision.",
        },
      ],
    },
    extras: [
      {
        kind: "cards",
        id: "automation-types",
        eyebrow: "Automation types",
        title: "What we automate",
        intro: "Most businesses see the quickest wins in one of these four areas.",
        items: [
          {
            icon: "Workflow",
            title: "Workflow Automation",
            description:
              "Multi-step processes such as onboarding, approvals and order handling run from trigger to completion without manual hand-offs.",
          },
          {
            icon: "FileText",
            title: "Document Processing",
            description:
              "Invoices, forms, contracts and receipts are read by AI, validated and filed, with the data entered where it belongs.",
          },
          {
            icon: "Database",
            title: "Data Integration and Sync",
            description:
              "Customer, order and inventory records stay in sync across systems, ending double entry and conflicting spreadsheets.",
          },
          {
            icon: "ChartColumn",
            title: "Reporting and Notifications",
            description:
              "Reports are compiled and delivered on schedule, and the right people are alerted when numbers move.",
          },
        ],
      },
    ],
    benefits: {
      id: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Automation gives your team back the hours that repetitive tasks take away.",
      items: [
        "Hours of manual work removed from every week",
        "Fewer data-entry errors and missed steps",
        "Faster turnaround for customers and suppliers",
        "Processes that run the same way every time",
        "Clear visibility into where work is and what is stuck",
        "Grow your volume without growing your admin",
        "Built on the tools you already pay for",
        "Documented automations your team can understand",
      ],
    },
    cta: {
      title: "Find out what you could automate first",
      description:
        "Book a free consultation and we'll identify the processes where automation pays off fastest for your business.",
    },
  },

  "web-design--development": {
    path: "/web-design--development",
    seoTitle: "Web Design & Development",
    seoDescription:
      "Fast, modern websites and web applications for small and medium businesses, designed to turn visitors into customers and built to grow with you.",
    hero: {
      badge: "Web Design & Development",
      title: "Websites That Turn Visitors into Customers",
      description:
        "We design and build fast, accessible, search-friendly websites and web applications, with AI chat, online booking and automation built in, so your site works as hard as your team does.",
    },
    features: {
      id: "features",
      eyebrow: "What you get",
      title: "Design and engineering under one roof",
      intro:
        "From the first sketch to launch and beyond, one team takes care of design, content structure, development and hosting.",
      items: [
        {
          icon: "Palette",
          title: "Custom, On-Brand Design",
          description:
            "A visual design made for your brand and your customers, never a generic template, with clear paths to contact and purchase.",
        },
        {
          icon: "Smartphone",
          title: "Mobile-First and Accessible",
          description:
            "Pages that look and work great on every phone, tablet and desktop, and that meet accessibility guidelines.",
        },
        {
          icon: "Zap",
          title: "Fast and Search-Friendly",
          description:
            "Server rendering, optimised images and clean markup give quick load times and a solid foundation for search rankings.",
        },
        {
          icon: "Bot",
          title: "AI and Automation Built In",
          description:
            "Chat agents, booking, forms and CRM integrations are part of the build, so every enquiry is captured and followed up.",
        },
      ],
    },
    extras: [
      {
        kind: "tiles",
        id: "technologies",
        eyebrow: "Technologies",
        title: "A modern, proven stack",
        intro:
          "We choose well-supported technologies that keep your site fast, secure and easy to extend.",
        items: [
          {
            icon: "Code",
            name: "React",
            description: "Interactive, component-based interfaces",
          },
          {
            icon: "FileText",
            name: "TypeScript",
            description: "Typed code that is safer to change",
          },
          {
            icon: "Server",
            name: "Node.js",
            description: "Fast server rendering and APIs",
          },
          {
            icon: "Palette",
            name: "Tailwind CSS",
            description: "Consistent, responsive styling",
          },
          {
            icon: "Database",
            name: "PostgreSQL",
            description: "Reliable storage for your data",
          },
          {
            icon: "LayoutTemplate",
            name: "Headless CMS",
            description: "Content your team can edit itself",
          },
          {
            icon: "CreditCard",
            name: "Stripe",
            description: "Secure online payments",
          },
          {
            icon: "Cloud",
            name: "Cloud Hosting",
            description: "Scalable hosting with a global CDN",
          },
        ],
      },
      {
        kind: "cards",
        id: "sample-projects",
        eyebrow: "Sample projects",
        title: "The kind of sites we build",
        intro: "Typical projects for small and medium businesses, each tailored to its audience.",
        items: [
          {
            icon: "UtensilsCrossed",
            title: "Restaurant Website with Online Ordering",
            description:
              "Menus, online ordering, table reservations and an AI chat agent that answers questions about hours, allergens and events.",
          },
          {
            icon: "Briefcase",
            title: "Professional Services Lead Generation",
            description:
              "A site for a law, tax or consulting practice with service pages, intake forms and consultation booking connected to the CRM.",
          },
          {
            icon: "ShoppingCart",
            title: "E-commerce Store",
            description:
              "A product catalogue with secure checkout, inventory sync and automated order and shipping e-mails.",
          },
          {
            icon: "Layers",
            title: "Customer Portal Web App",
            description:
              "A secure login area where customers track orders, upload documents, pay invoices and message your team.",
          },
        ],
      },
    ],
    benefits: {
      id: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Your website is often the first conversation a customer has with you.",
      items: [
        "A professional first impression on every device",
        "Faster pages that keep visitors from leaving",
        "Built-in search engine optimisation basics",
        "Clear calls to action that generate enquiries",
        "Content you can update without a developer",
        "Secure hosting, backups and updates taken care of",
        "Integrated with your CRM, booking and payment tools",
        "A foundation that grows with your business",
      ],
    },
    cta: {
      title: "Let's build a site that works for you",
      description:
        "Book a free consultation to talk through your goals, and we'll outline the design, features and timeline.",
    },
  },

  "marketing-automation": {
    path: "/marketing-automation",
    seoTitle: "Marketing Automation",
    seoDescription:
      "Campaigns, follow-ups and lead nurturing that run themselves across e-mail, SMS, social media and ads, connected to your CRM.",
    hero: {
      badge: "Marketing Automation",
      title: "Marketing That Runs Itself",
      description:
        "Turn one-off campaigns into always-on systems. We set up automated lead capture, nurturing, follow-ups and reporting across the channels you already use, with AI helping write and personalise every message.",
    },
    features: {
      id: "features",
      eyebrow: "What you get",
      title: "Every step of the funnel, automated",
      intro:
        "We plan, build and maintain the automations, so your marketing keeps working while you run the business.",
      items: [
        {
          icon: "Funnel",
          title: "Lead Capture and Scoring",
          description:
            "Forms, chat and ads feed one pipeline, and each lead is scored so your team knows who to call first.",
        },
        {
          icon: "Mail",
          title: "E-mail and SMS Nurture Sequences",
          description:
            "Welcome series, follow-ups and re-engagement campaigns send the right message at the right time, automatically.",
        },
        {
          icon: "Target",
          title: "Segmentation and Personalisation",
          description:
            "Audiences are segmented by behaviour and interests, and AI tailors subject lines and content to each group.",
        },
        {
          icon: "Share2",
          title: "Social Media Scheduling",
          description:
            "Posts are planned, drafted with AI and published on schedule across your social profiles.",
        },
        {
          icon: "Bell",
          title: "Automated Follow-ups",
          description:
            "Quotes, abandoned carts, reviews and appointment reminders trigger timely follow-ups so no opportunity goes cold.",
        },
        {
          icon: "ChartLine",
          title: "Campaign Analytics",
          description:
            "Clear dashboards show which channels and campaigns bring in customers, so budget goes where it works.",
        },
      ],
    },
    extras: [
      {
        kind: "tiles",
        id: "platforms",
        eyebrow: "Platforms",
        title: "Works with the platforms you use",
        intro:
          "We connect and automate the marketing tools that are already part of your business.",
        items: [
          {
            icon: "Users",
            name: "HubSpot",
            description: "CRM, e-mail and marketing hub",
          },
          {
            icon: "Mail",
            name: "Mailchimp",
            description: "E-mail campaigns and audiences",
          },
          {
            icon: "Workflow",
            name: "ActiveCampaign",
            description: "E-mail and customer journeys",
          },
          {
            icon: "ShoppingBag",
            name: "Klaviyo",
            description: "E-commerce e-mail and SMS",
          },
          {
            icon: "Cloud",
            name: "Salesforce",
            description: "CRM and sales pipelines",
          },
          {
            icon: "Search",
            name: "Google Ads",
            description: "Search and display advertising",
          },
          {
            icon: "Share2",
            name: "Meta Business Suite",
            description: "Facebook and Instagram posts and ads",
          },
          {
            icon: "Briefcase",
            name: "LinkedIn",
            description: "B2B content and lead generation",
          },
        ],
      },
    ],
    benefits: {
      id: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Consistent follow-up is where most small businesses win or lose customers.",
      items: [
        "Every lead followed up quickly and consistently",
        "More repeat business from existing customers",
        "Hours saved on manual campaign work each week",
        "Messages personalised for each audience",
        "One view of results across every channel",
        "Marketing budget focused on what converts",
        "Sales and marketing working from the same data",
        "Campaigns that keep running while you focus elsewhere",
      ],
    },
    cta: {
      title: "Put your marketing on autopilot",
      description:
        "Book a free consultation and we'll map the automations that will bring in and keep the most customers.",
    },
  },

  "consulting-services": {
    path: "/consulting-services",
    seoTitle: "Consulting Services",
    seoDescription:
      "Guidance on digital transformation, AI implementation and IoT for small and medium businesses, from strategy to rollout.",
    hero: {
      badge: "Consulting Services",
      title: "Practical Guidance for Digital Transformation, AI and IoT",
      description:
        "Know where technology will pay off before you invest. We assess your operations, build a realistic roadmap and stay with you through implementation, in plain language and at a pace that suits your business.",
      highlights: {
        label: "Areas of expertise",
        items: ["Digital Transformation", "AI Implementation", "IoT"],
      },
    },
    features: {
      id: "features",
      eyebrow: "What you get",
      title: "Advice you can act on",
      intro:
        "Independent, hands-on consulting focused on results you can measure, not slide decks.",
      items: [
        {
          icon: "Compass",
          title: "Digital Transformation",
          description:
            "Modernise how you sell, serve and operate, replacing paper, spreadsheets and disconnected tools with systems that work together.",
        },
        {
          icon: "Brain",
          title: "AI Implementation",
          description:
            "Identify the AI use cases that fit your business, choose the right tools and roll them out safely with your team.",
        },
        {
          icon: "Cpu",
          title: "IoT Solutions",
          description:
            "Connect sensors, equipment and locations to monitor assets, track conditions and automate responses in real time.",
        },
        {
          icon: "ShieldCheck",
          title: "Data, Security and Governance",
          description:
            "Set up data practices, access controls and policies that keep customer information safe as you adopt new technology.",
        },
      ],
    },
    extras: [
      {
        kind: "steps",
        id: "approach",
        eyebrow: "Our approach",
        title: "Four steps from idea to impact",
        intro: "A clear, proven process that keeps every engagement focused and on budget.",
        items: [
          {
            title: "Discover",
            description:
              "We learn your goals, review your current processes and systems, and talk with the people who do the work.",
          },
          {
            title: "Plan",
            description:
              "You receive a prioritised roadmap with recommended solutions, costs, timelines and expected benefits.",
          },
          {
            title: "Implement",
            description:
              "We build, integrate and configure the solutions, or guide your chosen vendors, and train your team.",
          },
          {
            title: "Optimize",
            description:
              "We measure results, refine what is working and plan the next steps as your business grows.",
          },
        ],
      },
      {
        kind: "tiles",
        id: "industries",
        eyebrow: "Industries",
        title: "Industries we serve",
        intro: "Experience across the sectors where small and medium businesses lead.",
        items: [
          {
            icon: "HeartPulse",
            name: "Healthcare",
            description: "Clinics, practices and care providers",
          },
          {
            icon: "ShoppingBag",
            name: "Retail and E-commerce",
            description: "Stores, online shops and brands",
          },
          {
            icon: "UtensilsCrossed",
            name: "Restaurants and Hospitality",
            description: "Restaurants, hotels and venues",
          },
          {
            icon: "House",
            name: "Real Estate",
            description: "Brokerages and property managers",
          },
          {
            icon: "Scale",
            name: "Legal",
            description: "Law firms and legal services",
          },
          {
            icon: "Landmark",
            name: "Financial and Tax Services",
            description: "Accountants, tax and finance firms",
          },
          {
            icon: "Wrench",
            name: "Manufacturing",
            description: "Production, maintenance and quality",
          },
          {
            icon: "Truck",
            name: "Logistics and Distribution",
            description: "Fleets, warehouses and delivery",
          },
        ],
      },
    ],
    benefits: {
      id: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "The right advice up front saves time, money and false starts.",
      items: [
        "A clear technology roadmap tied to business goals",
        "Investments prioritised by expected return",
        "Vendor-neutral recommendations",
        "Lower risk when adopting AI and new systems",
        "Your team trained and confident with new tools",
        "Measurable results reviewed at every stage",
        "Security and data protection built into the plan",
        "A long-term partner as your needs evolve",
      ],
    },
    cta: {
      title: "Start with a clear plan",
      description:
        "Book a free consultation and we'll discuss your goals and where digital transformation, AI or IoT can help first.",
    },
  },
};

/** The content of the service page at `pathname`, or undefined for any other path. */
export function findServicePage(pathname: string): ServicePageContent | undefined {
  const slug = pathname.replace(/^\/+|\/+$/g, "");
  return Object.hasOwn(servicePageContent, slug)
    ? servicePageContent[slug as ServicePage]
    : undefined;
}
