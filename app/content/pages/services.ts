import type { BlockSeed, PageSeed } from "~/pages/seed-pages.server";

/**
 * The six service pages as the site comes with them: page rows staff edit in the page editor,
 * written once per database by the seed step "pages-services-v1" (app/db/seed.server.ts). The
 * words are those the service route showed before the pages became rows, in its order: the hero
 * (with its highlights on two pages), the feature cards, the page's own sections, the benefits
 * and the closing band. The sections after the feature cards alternate light grey and plain, as
 * the route drew them; the tones are stored, so staff may move a section without the rest
 * changing. Only the seed reads this module: a page a site already has is never rewritten.
 */

type Card = Extract<BlockSeed, { type: "cardGrid" }>["cards"][number];

/** A card: icon, title and text (a feature, a use case, a technology tile). */
const card = (icon: Card["icon"], title: string, text: string): Card => ({ icon, title, text });

/** Every service page's two buttons: in the hero (the first with an arrow) and the closing band. */
const consultation = { label: "Schedule Consultation", href: "/schedule-consultation" };
const consultationArrow = { ...consultation, icon: "arrow-right" as const };
const contact = { label: "Contact Us", href: "/contact" };

const chatbotAgentsOmnichannel: PageSeed = {
  address: "/chatbot-agents-omnichannel",
  title: "Chatbot Agents Omnichannel",
  kind: "page",
  metaTitle: "Omnichannel Chatbot Agents",
  metaDescription:
    "AI chatbot agents that answer customers on your website, Messenger, Instagram, WhatsApp, Telegram and SMS, around the clock, in one shared inbox.",
  blocks: [
    {
      id: "chatbot-agents-omnichannel-1",
      type: "hero",
      v: 3,
      anchor: "service-hero",
      variant: "centred",
      badge: "Chatbot Agents Omnichannel",
      title: "AI Chat Agents on Every Channel Your Customers Use",
      text: "Answer questions, qualify leads and book appointments around the clock. One AI agent, trained on your business, replies on your website, Messenger, Instagram, WhatsApp, Telegram and SMS, and hands off to your team whenever a person is needed.",
      primary: consultationArrow,
      secondary: contact,
      highlights: {
        label: "Supported channels",
        style: "pills",
        items: ["Website", "Messenger", "Instagram", "WhatsApp", "Telegram", "SMS"],
      },
    },
    {
      id: "chatbot-agents-omnichannel-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "What you get",
      title: "Conversations that run themselves",
      intro:
        "We design, train and connect a chat agent that speaks in your brand's voice and knows your products, prices and policies.",
      style: "stacked",
      columns: 4,
      cards: [
        card(
          "MessageCircle",
          "One Agent, Six Channels",
          "Your website chat, Facebook Messenger, Instagram DMs, WhatsApp, Telegram and SMS all feed into one agent and one conversation history.",
        ),
        card(
          "Brain",
          "Trained on Your Business",
          "The agent learns from your website, FAQs, menus, price lists and documents, so answers are accurate and specific to you rather than generic.",
        ),
        card(
          "CalendarCheck",
          "Leads and Bookings Captured",
          "It asks the right qualifying questions, collects contact details and books appointments straight into your calendar or CRM.",
        ),
        card(
          "Users",
          "Smooth Hand-off to Your Team",
          "When a question needs a person, the full conversation is passed to a team member in a shared inbox, with no need for the customer to repeat themselves.",
        ),
      ],
    },
    {
      id: "chatbot-agents-omnichannel-3",
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "A chat agent that works every hour of every day changes how quickly you can respond.",
      tone: "muted",
      boxed: true,
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
    {
      id: "chatbot-agents-omnichannel-4",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Ready to answer every customer, instantly?",
      text: "Book a free consultation and we'll show you how a chat agent would handle your most common customer questions.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

const voiceDrivenAiAgents: PageSeed = {
  address: "/voice-driven-ai-agents",
  title: "Voice-Driven AI Agents",
  kind: "page",
  metaTitle: "Voice-Driven AI Agents",
  metaDescription:
    "Voice AI agents for inbound and outbound calls, a virtual PBX, information lines and appointment scheduling, with natural conversation and no hold music.",
  blocks: [
    {
      id: "voice-driven-ai-agents-1",
      type: "hero",
      v: 3,
      anchor: "service-hero",
      variant: "centred",
      badge: "Voice-Driven AI Agents",
      title: "AI Voice Agents That Answer Every Call",
      text: "Never send a caller to voicemail again. Our voice agents hold natural phone conversations, answer questions, route calls and book appointments, day and night, with the tone and knowledge of your best receptionist.",
      primary: consultationArrow,
      secondary: contact,
    },
    {
      id: "voice-driven-ai-agents-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "What you get",
      title: "A phone line that never sleeps",
      intro:
        "We build voice agents on top of your existing phone numbers and tools, tuned to how your customers actually speak.",
      style: "stacked",
      columns: 4,
      cards: [
        card(
          "Mic",
          "Natural, Human-Like Speech",
          "Low-latency speech recognition and lifelike voices let callers talk normally, interrupt and ask follow-up questions.",
        ),
        card(
          "Brain",
          "Knows Your Business",
          "Hours, services, pricing, policies and FAQs are built into the agent so it gives callers correct, consistent answers.",
        ),
        card(
          "PhoneForwarded",
          "Smart Routing and Transfers",
          "Urgent or complex calls are transferred to the right person with a short summary, so your team picks up with full context.",
        ),
        card(
          "FileText",
          "Transcripts and Call Summaries",
          "Every call is transcribed and summarised, and key details are pushed into your CRM or sent to your inbox automatically.",
        ),
      ],
    },
    {
      id: "voice-driven-ai-agents-3",
      type: "cardGrid",
      v: 3,
      anchor: "use-cases",
      eyebrow: "Use cases",
      title: "Where voice agents make a difference",
      intro: "Start with the calls that cost you the most time, then expand from there.",
      tone: "muted",
      style: "beside",
      columns: 2,
      cards: [
        card(
          "PhoneCall",
          "Inbound and Outbound Calls",
          "Answer incoming calls instantly and run outbound calls for reminders, follow-ups, confirmations and lead qualification.",
        ),
        card(
          "Network",
          "Virtual PBX",
          "A voice-driven front desk that greets callers, understands what they need and connects them to the right department or extension.",
        ),
        card(
          "Info",
          "Information Lines",
          "Handle opening hours, order status, directions, pricing and other common questions without tying up your staff.",
        ),
        card(
          "CalendarCheck",
          "Appointment Scheduling",
          "Book, reschedule and cancel appointments by phone, synced with your calendar and confirmed by text message.",
        ),
      ],
    },
    {
      id: "voice-driven-ai-agents-4",
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Every answered call is a customer served and an opportunity kept.",
      tone: "plain",
      boxed: true,
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
    {
      id: "voice-driven-ai-agents-5",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Hear what your AI receptionist sounds like",
      text: "Schedule a free consultation and we'll walk you through a voice agent set up for calls like yours.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

const processAutomation: PageSeed = {
  address: "/process-automation",
  title: "Process Automation",
  kind: "page",
  metaTitle: "Process Automation",
  metaDescription:
    "Automate repetitive work across your tools: data entry, documents, approvals and reporting, so your team spends its time on what matters.",
  blocks: [
    {
      id: "process-automation-1",
      type: "hero",
      v: 3,
      anchor: "service-hero",
      variant: "centred",
      badge: "Process Automation",
      title: "Automate the Busywork, Keep the Business Moving",
      text: "Copying data between systems, chasing approvals, filling in the same forms: we map the repetitive work in your business and automate it across the tools you already use, with AI handling the steps that used to need a person.",
      primary: consultationArrow,
      secondary: contact,
    },
    {
      id: "process-automation-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "What you get",
      title: "Automation built around how you work",
      intro:
        "We start from your real processes, not a template, and automate them step by step with clear results at each stage.",
      style: "stacked",
      columns: 4,
      cards: [
        card(
          "Search",
          "Process Discovery",
          "We sit down with your team, map your workflows and identify the tasks where automation saves the most time.",
        ),
        card(
          "Blocks",
          "Connects Your Existing Tools",
          "Your CRM, accounting, e-mail, spreadsheets and industry software are linked so data moves between them automatically.",
        ),
        card(
          "Brain",
          "AI for the Judgement Calls",
          "AI reads e-mails and documents, extracts the details that matter and decides where each item goes next.",
        ),
        card(
          "Gauge",
          "Monitoring and Alerts",
          "Every automation is logged and monitored, and you are notified the moment something needs a human decision.",
        ),
      ],
    },
    {
      id: "process-automation-3",
      type: "cardGrid",
      v: 3,
      anchor: "automation-types",
      eyebrow: "Automation types",
      title: "What we automate",
      intro: "Most businesses see the quickest wins in one of these four areas.",
      tone: "muted",
      style: "beside",
      columns: 2,
      cards: [
        card(
          "Workflow",
          "Workflow Automation",
          "Multi-step processes such as onboarding, approvals and order handling run from trigger to completion without manual hand-offs.",
        ),
        card(
          "FileText",
          "Document Processing",
          "Invoices, forms, contracts and receipts are read by AI, validated and filed, with the data entered where it belongs.",
        ),
        card(
          "Database",
          "Data Integration and Sync",
          "Customer, order and inventory records stay in sync across systems, ending double entry and conflicting spreadsheets.",
        ),
        card(
          "ChartColumn",
          "Reporting and Notifications",
          "Reports are compiled and delivered on schedule, and the right people are alerted when numbers move.",
        ),
      ],
    },
    {
      id: "process-automation-4",
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Automation gives your team back the hours that repetitive tasks take away.",
      tone: "plain",
      boxed: true,
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
    {
      id: "process-automation-5",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Find out what you could automate first",
      text: "Book a free consultation and we'll identify the processes where automation pays off fastest for your business.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

const webDesignDevelopment: PageSeed = {
  address: "/web-design--development",
  title: "Web Design & Development",
  kind: "page",
  metaTitle: "Web Design & Development",
  metaDescription:
    "Fast, modern websites and web applications for small and medium businesses, designed to turn visitors into customers and built to grow with you.",
  blocks: [
    {
      id: "web-design--development-1",
      type: "hero",
      v: 3,
      anchor: "service-hero",
      variant: "centred",
      badge: "Web Design & Development",
      title: "Websites That Turn Visitors into Customers",
      text: "We design and build fast, accessible, search-friendly websites and web applications, with AI chat, online booking and automation built in, so your site works as hard as your team does.",
      primary: consultationArrow,
      secondary: contact,
    },
    {
      id: "web-design--development-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "What you get",
      title: "Design and engineering under one roof",
      intro:
        "From the first sketch to launch and beyond, one team takes care of design, content structure, development and hosting.",
      style: "stacked",
      columns: 4,
      cards: [
        card(
          "Palette",
          "Custom, On-Brand Design",
          "A visual design made for your brand and your customers, never a generic template, with clear paths to contact and purchase.",
        ),
        card(
          "Smartphone",
          "Mobile-First and Accessible",
          "Pages that look and work great on every phone, tablet and desktop, and that meet accessibility guidelines.",
        ),
        card(
          "Zap",
          "Fast and Search-Friendly",
          "Server rendering, optimised images and clean markup give quick load times and a solid foundation for search rankings.",
        ),
        card(
          "Bot",
          "AI and Automation Built In",
          "Chat agents, booking, forms and CRM integrations are part of the build, so every enquiry is captured and followed up.",
        ),
      ],
    },
    {
      id: "web-design--development-3",
      type: "cardGrid",
      v: 3,
      anchor: "technologies",
      eyebrow: "Technologies",
      title: "A modern, proven stack",
      intro:
        "We choose well-supported technologies that keep your site fast, secure and easy to extend.",
      tone: "muted",
      style: "tile",
      columns: 4,
      cards: [
        card("Code", "React", "Interactive, component-based interfaces"),
        card("FileText", "TypeScript", "Typed code that is safer to change"),
        card("Server", "Node.js", "Fast server rendering and APIs"),
        card("Palette", "Tailwind CSS", "Consistent, responsive styling"),
        card("Database", "PostgreSQL", "Reliable storage for your data"),
        card("LayoutTemplate", "Headless CMS", "Content your team can edit itself"),
        card("CreditCard", "Stripe", "Secure online payments"),
        card("Cloud", "Cloud Hosting", "Scalable hosting with a global CDN"),
      ],
    },
    {
      id: "web-design--development-4",
      type: "cardGrid",
      v: 3,
      anchor: "sample-projects",
      eyebrow: "Sample projects",
      title: "The kind of sites we build",
      intro: "Typical projects for small and medium businesses, each tailored to its audience.",
      tone: "plain",
      style: "beside",
      columns: 2,
      cards: [
        card(
          "UtensilsCrossed",
          "Restaurant Website with Online Ordering",
          "Menus, online ordering, table reservations and an AI chat agent that answers questions about hours, allergens and events.",
        ),
        card(
          "Briefcase",
          "Professional Services Lead Generation",
          "A site for a law, tax or consulting practice with service pages, intake forms and consultation booking connected to the CRM.",
        ),
        card(
          "ShoppingCart",
          "E-commerce Store",
          "A product catalogue with secure checkout, inventory sync and automated order and shipping e-mails.",
        ),
        card(
          "Layers",
          "Customer Portal Web App",
          "A secure login area where customers track orders, upload documents, pay invoices and message your team.",
        ),
      ],
    },
    {
      id: "web-design--development-5",
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Your website is often the first conversation a customer has with you.",
      tone: "muted",
      boxed: true,
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
    {
      id: "web-design--development-6",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Let's build a site that works for you",
      text: "Book a free consultation to talk through your goals, and we'll outline the design, features and timeline.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

const marketingAutomation: PageSeed = {
  address: "/marketing-automation",
  title: "Marketing Automation",
  kind: "page",
  metaTitle: "Marketing Automation",
  metaDescription:
    "Campaigns, follow-ups and lead nurturing that run themselves across e-mail, SMS, social media and ads, connected to your CRM.",
  blocks: [
    {
      id: "marketing-automation-1",
      type: "hero",
      v: 3,
      anchor: "service-hero",
      variant: "centred",
      badge: "Marketing Automation",
      title: "Marketing That Runs Itself",
      text: "Turn one-off campaigns into always-on systems. We set up automated lead capture, nurturing, follow-ups and reporting across the channels you already use, with AI helping write and personalise every message.",
      primary: consultationArrow,
      secondary: contact,
    },
    {
      id: "marketing-automation-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "What you get",
      title: "Every step of the funnel, automated",
      intro:
        "We plan, build and maintain the automations, so your marketing keeps working while you run the business.",
      style: "stacked",
      columns: 3,
      cards: [
        card(
          "Funnel",
          "Lead Capture and Scoring",
          "Forms, chat and ads feed one pipeline, and each lead is scored so your team knows who to call first.",
        ),
        card(
          "Mail",
          "E-mail and SMS Nurture Sequences",
          "Welcome series, follow-ups and re-engagement campaigns send the right message at the right time, automatically.",
        ),
        card(
          "Target",
          "Segmentation and Personalisation",
          "Audiences are segmented by behaviour and interests, and AI tailors subject lines and content to each group.",
        ),
        card(
          "Share2",
          "Social Media Scheduling",
          "Posts are planned, drafted with AI and published on schedule across your social profiles.",
        ),
        card(
          "Bell",
          "Automated Follow-ups",
          "Quotes, abandoned carts, reviews and appointment reminders trigger timely follow-ups so no opportunity goes cold.",
        ),
        card(
          "ChartLine",
          "Campaign Analytics",
          "Clear dashboards show which channels and campaigns bring in customers, so budget goes where it works.",
        ),
      ],
    },
    {
      id: "marketing-automation-3",
      type: "cardGrid",
      v: 3,
      anchor: "platforms",
      eyebrow: "Platforms",
      title: "Works with the platforms you use",
      intro: "We connect and automate the marketing tools that are already part of your business.",
      tone: "muted",
      style: "tile",
      columns: 4,
      cards: [
        card("Users", "HubSpot", "CRM, e-mail and marketing hub"),
        card("Mail", "Mailchimp", "E-mail campaigns and audiences"),
        card("Workflow", "ActiveCampaign", "E-mail and customer journeys"),
        card("ShoppingBag", "Klaviyo", "E-commerce e-mail and SMS"),
        card("Cloud", "Salesforce", "CRM and sales pipelines"),
        card("Search", "Google Ads", "Search and display advertising"),
        card("Share2", "Meta Business Suite", "Facebook and Instagram posts and ads"),
        card("Briefcase", "LinkedIn", "B2B content and lead generation"),
      ],
    },
    {
      id: "marketing-automation-4",
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "Consistent follow-up is where most small businesses win or lose customers.",
      tone: "plain",
      boxed: true,
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
    {
      id: "marketing-automation-5",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Put your marketing on autopilot",
      text: "Book a free consultation and we'll map the automations that will bring in and keep the most customers.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

const consultingServices: PageSeed = {
  address: "/consulting-services",
  title: "Consulting Services",
  kind: "page",
  metaTitle: "Consulting Services",
  metaDescription:
    "Guidance on digital transformation, AI implementation and IoT for small and medium businesses, from strategy to rollout.",
  blocks: [
    {
      id: "consulting-services-1",
      type: "hero",
      v: 3,
      anchor: "service-hero",
      variant: "centred",
      badge: "Consulting Services",
      title: "Practical Guidance for Digital Transformation, AI and IoT",
      text: "Know where technology will pay off before you invest. We assess your operations, build a realistic roadmap and stay with you through implementation, in plain language and at a pace that suits your business.",
      primary: consultationArrow,
      secondary: contact,
      highlights: {
        label: "Areas of expertise",
        style: "pills",
        items: ["Digital Transformation", "AI Implementation", "IoT"],
      },
    },
    {
      id: "consulting-services-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "What you get",
      title: "Advice you can act on",
      intro:
        "Independent, hands-on consulting focused on results you can measure, not slide decks.",
      style: "stacked",
      columns: 4,
      cards: [
        card(
          "Compass",
          "Digital Transformation",
          "Modernise how you sell, serve and operate, replacing paper, spreadsheets and disconnected tools with systems that work together.",
        ),
        card(
          "Brain",
          "AI Implementation",
          "Identify the AI use cases that fit your business, choose the right tools and roll them out safely with your team.",
        ),
        card(
          "Cpu",
          "IoT Solutions",
          "Connect sensors, equipment and locations to monitor assets, track conditions and automate responses in real time.",
        ),
        card(
          "ShieldCheck",
          "Data, Security and Governance",
          "Set up data practices, access controls and policies that keep customer information safe as you adopt new technology.",
        ),
      ],
    },
    {
      id: "consulting-services-3",
      type: "steps",
      v: 2,
      anchor: "approach",
      eyebrow: "Our approach",
      title: "Four steps from idea to impact",
      intro: "A clear, proven process that keeps every engagement focused and on budget.",
      tone: "muted",
      style: "card",
      numbering: "01",
      steps: [
        {
          title: "Discover",
          text: "We learn your goals, review your current processes and systems, and talk with the people who do the work.",
        },
        {
          title: "Plan",
          text: "You receive a prioritised roadmap with recommended solutions, costs, timelines and expected benefits.",
        },
        {
          title: "Implement",
          text: "We build, integrate and configure the solutions, or guide your chosen vendors, and train your team.",
        },
        {
          title: "Optimize",
          text: "We measure results, refine what is working and plan the next steps as your business grows.",
        },
      ],
    },
    {
      id: "consulting-services-4",
      type: "cardGrid",
      v: 3,
      anchor: "industries",
      eyebrow: "Industries",
      title: "Industries we serve",
      intro: "Experience across the sectors where small and medium businesses lead.",
      tone: "plain",
      style: "tile",
      columns: 4,
      cards: [
        card("HeartPulse", "Healthcare", "Clinics, practices and care providers"),
        card("ShoppingBag", "Retail and E-commerce", "Stores, online shops and brands"),
        card("UtensilsCrossed", "Restaurants and Hospitality", "Restaurants, hotels and venues"),
        card("House", "Real Estate", "Brokerages and property managers"),
        card("Scale", "Legal", "Law firms and legal services"),
        card("Landmark", "Financial and Tax Services", "Accountants, tax and finance firms"),
        card("Wrench", "Manufacturing", "Production, maintenance and quality"),
        card("Truck", "Logistics and Distribution", "Fleets, warehouses and delivery"),
      ],
    },
    {
      id: "consulting-services-5",
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Why it pays off",
      title: "Benefits for your business",
      intro: "The right advice up front saves time, money and false starts.",
      tone: "muted",
      boxed: true,
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
    {
      id: "consulting-services-6",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Start with a clear plan",
      text: "Book a free consultation and we'll discuss your goals and where digital transformation, AI or IoT can help first.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

/** In the order of the site's service menu (app/content/service-paths.ts `servicePages`). */
export const servicePageSeeds: PageSeed[] = [
  chatbotAgentsOmnichannel,
  voiceDrivenAiAgents,
  processAutomation,
  webDesignDevelopment,
  marketingAutomation,
  consultingServices,
];
