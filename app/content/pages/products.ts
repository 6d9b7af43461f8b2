import type { BlockSeed, PageSeed } from "~/pages/seed-pages.server";

/**
 * The four product pages and the industry demos as the site comes with them: page rows staff
 * edit in the page editor, written once per database by the seed step "pages-products-v1"
 * (app/db/seed.server.ts). The words are those the product routes showed before the pages became
 * rows; the app and demo addresses are settings values (Settings → Links), resolved when the page
 * is drawn. Only the seed reads this module: a page a site already has is never rewritten.
 */

type Card = Extract<BlockSeed, { type: "cardGrid" }>["cards"][number];

/** A feature card: its icon above the title, as the product pages' feature grids. */
const feature = (icon: Card["icon"], title: string, text: string): Card => ({
  icon,
  title,
  text,
});

/** The closing band's buttons when a page does not name its own. */
const consultation = { label: "Schedule Consultation", href: "/schedule-consultation" };
const contact = { label: "Contact Us", href: "/contact" };

/** OmniConnect Hub's summary: its page's description, and the demos page's platform card. */
const OMNICONNECT_SUMMARY =
  "One chat widget hub for every customer conversation: live messaging, video, voice AI and file sharing on your website, connected to your CRM.";

const hiringHub: PageSeed = {
  address: "/products/hiring-hub",
  title: "Hiring Hub",
  kind: "page",
  metaTitle: "Hiring Hub: AI Recruiting Platform",
  metaDescription:
    "An AI recruiting platform that matches, screens and interviews candidates for you, so your team spends its time on the people worth meeting.",
  blocks: [
    {
      id: "hiring-hub-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "HR Tech",
      title: "Hiring Hub",
      text: "Hiring Hub uses AI to match, screen and interview candidates, then books the interviews that matter. Your recruiters get a ranked shortlist instead of an inbox full of resumes.",
      primary: { label: "Launch Hiring Hub", href: "{hiring_hub_app_url}" },
      secondary: { ...consultation, icon: "calendar" },
      figures: [
        { value: "75%", label: "Faster hiring" },
        { value: "94%", label: "Satisfaction" },
        { value: "1000+", label: "Users" },
        { value: "30+", label: "Companies" },
      ],
    },
    {
      id: "hiring-hub-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "Features",
      title: "Hire the right people, faster",
      intro: "Five AI tools that take a vacancy from first application to signed offer.",
      tightTop: true,
      style: "stacked",
      columns: 3,
      cards: [
        feature(
          "UserCheck",
          "AI Candidate Matching",
          "Every applicant is scored against the skills, experience and requirements of the role, so the strongest fits rise to the top of your pipeline.",
        ),
        feature(
          "FileSearch",
          "Resume Screening",
          "Resumes are read, parsed and checked against your must-haves in seconds, with a short summary of why each candidate passed or was held back.",
        ),
        feature(
          "CalendarClock",
          "Interview Scheduling",
          "Candidates pick a slot that suits your interviewers' calendars; confirmations and reminders go out automatically.",
        ),
        feature(
          "ChartColumn",
          "Hiring Analytics",
          "Track time to hire, pipeline conversion and source quality for every opening, and see exactly where candidates drop out.",
        ),
        feature(
          "Mic",
          "AI Voice Interviews",
          "A voice AI runs structured first-round interviews at any hour, records the answers and hands your team a scored transcript.",
        ),
      ],
    },
    {
      id: "hiring-hub-3",
      type: "featureList",
      v: 2,
      anchor: "benefits",
      eyebrow: "Benefits",
      title: "Why teams choose Hiring Hub",
      intro: "Less time sorting applications, more time with the candidates you want to hire.",
      tone: "muted",
      boxed: true,
      items: [
        "Fill open roles in a fraction of the usual time",
        "Screen every applicant against the same criteria",
        "Free recruiters from manual resume sorting",
        "Offer candidates interview times around the clock",
        "Give every applicant a prompt, consistent experience",
        "Decide with data instead of gut feeling",
        "Scale hiring up for busy seasons without adding staff",
        "Keep every candidate, note and score in one place",
      ],
    },
    {
      id: "hiring-hub-4",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Ready to hire faster?",
      text: "Book a free consultation and we'll show you how Hiring Hub fits your hiring process, from job post to offer.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

const opsHub: PageSeed = {
  address: "/products/opshub",
  title: "OpsHub",
  kind: "page",
  metaTitle: "OpsHub: AI Operations Platform",
  metaDescription:
    "The operations platform for multi-location teams: an AI assistant and four AI agents run scheduling, compliance, tasks and reporting, while gamification keeps staff engaged.",
  blocks: [
    {
      id: "opshub-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "Operations Tech",
      title: "OpsHub",
      text: "OpsHub brings scheduling, tasks, training and reporting into one platform, with an AI assistant and four AI agents doing the routine work and gamification that keeps your team motivated.",
      primary: { label: "Launch OpsHub", href: "{opshub_app_url}", icon: "rocket" },
      secondary: { label: "Schedule Demo", href: "/schedule-consultation", icon: "calendar" },
    },
    {
      id: "opshub-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "Features",
      title: "Run every location like your best one",
      intro:
        "Nine modules that replace the clipboards, group chats and spreadsheets your managers juggle today.",
      tightTop: true,
      style: "stacked",
      columns: 3,
      cards: [
        feature(
          "Sparkles",
          "AI Assistant",
          "Ask questions in plain language, get answers from your own procedures and data, and hand off routine requests in one conversation.",
        ),
        feature(
          "Bot",
          "Four AI Agents",
          "Dedicated agents for scheduling, compliance, tasks and analytics work in the background and flag what needs a manager's decision.",
        ),
        feature(
          "ListChecks",
          "Task Management",
          "Opening, closing and recurring checklists with owners, due times and photo proof, so nothing depends on memory.",
        ),
        feature(
          "Gamepad2",
          "Gamification",
          "Staff earn points for completed work and climb levels from Beginner to Legend, turning daily routines into progress they can see.",
        ),
        feature(
          "Trophy",
          "Achievements, Rewards and Challenges",
          "50+ achievements and badges, daily, weekly and monthly leaderboards, streaks, team challenges and a rewards catalog staff can redeem points in.",
        ),
        feature(
          "CalendarDays",
          "Scheduling",
          "Build shift schedules around availability and demand, handle swaps and time-off requests, and publish changes to everyone at once.",
        ),
        feature(
          "GraduationCap",
          "Onboarding and Training",
          "Guided onboarding paths and training modules bring new hires up to speed and record who has completed what.",
        ),
        feature(
          "ChartLine",
          "Analytics",
          "Dashboards for task completion, schedule coverage, compliance and engagement, from one location up to the whole business.",
        ),
        feature(
          "MapPin",
          "Multi-Location Management",
          "Manage every site from one account with shared standards, location-level reporting and side-by-side comparisons.",
        ),
      ],
    },
    {
      id: "opshub-3",
      type: "cardGrid",
      v: 3,
      anchor: "agents",
      eyebrow: "AI agents",
      title: "Four AI agents on every shift",
      intro:
        "Each agent owns one part of the operation, works around the clock and hands decisions to your managers with the context attached.",
      tone: "dark",
      style: "stacked",
      columns: 4,
      cards: [
        feature(
          "CalendarClock",
          "Scheduling Agent",
          "Drafts shift schedules, spots coverage gaps and proposes replacements when someone calls out.",
        ),
        feature(
          "ShieldCheck",
          "Compliance Agent",
          "Tracks certifications, required checks and deadlines, and reminds the right people before anything lapses.",
        ),
        feature(
          "ClipboardCheck",
          "Task Agent",
          "Assigns daily checklists, follows up on overdue items and escalates what is still open at the end of a shift.",
        ),
        feature(
          "ChartColumn",
          "Analytics Agent",
          "Turns operational data into plain-language summaries and points out trends before they become problems.",
        ),
      ],
    },
    {
      id: "opshub-4",
      type: "featureList",
      v: 2,
      anchor: "gamification",
      eyebrow: "Gamification",
      title: "Make great work visible",
      intro:
        "Points, levels and friendly competition turn checklists and training into progress your team can see and be proud of.",
      tone: "muted",
      boxed: true,
      items: [
        "Points for every completed task, checklist and training module",
        "Levels from Beginner to Legend",
        "50+ achievements and badges",
        "Daily, weekly and monthly leaderboards",
        "A rewards catalog to spend points in",
        "Team and individual challenges",
        "Streaks that reward consistent work",
      ],
    },
    {
      id: "opshub-5",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "See OpsHub at your locations",
      text: "We'll walk you through OpsHub with your own schedules and checklists and show what the AI agents would take off your managers' plates.",
      primary: { label: "Schedule Demo", href: "/schedule-consultation" },
      secondary: contact,
    },
  ],
};

const studio: PageSeed = {
  address: "/products/studio",
  title: "Studio",
  kind: "page",
  metaTitle: "Studio: AI Social Media Studio",
  metaDescription:
    "A social media studio that writes, schedules and measures your posts across six platforms from one calendar.",
  blocks: [
    {
      id: "studio-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "Marketing Tech",
      title: "Studio",
      text: "Studio is a social media studio for busy teams: generate on-brand posts with AI, schedule them across six platforms from one calendar and see what actually drives engagement.",
      primary: { label: "Get Started", href: "{studio_app_url}" },
      secondary: { label: "Schedule Demo", href: "/schedule-consultation", icon: "calendar" },
      figures: [
        { value: "6", label: "Platforms" },
        { value: "10+", label: "Posts per week" },
        { value: "5x", label: "Faster" },
      ],
    },
    {
      id: "studio-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "Features",
      title: "Your social media, planned and published by AI",
      intro:
        "Everything a small marketing team needs to post consistently without living in six different apps.",
      tightTop: true,
      style: "stacked",
      columns: 4,
      cards: [
        feature(
          "CalendarDays",
          "Multi-Platform Scheduling",
          "Plan a week of content on one calendar and publish to all six supported platforms at the times your audience is online.",
        ),
        feature(
          "PenLine",
          "AI Content Creation",
          "Turn a topic, offer or link into captions, hashtags and post variations in your brand voice, ready to edit and approve.",
        ),
        feature(
          "ChartColumn",
          "Performance Analytics",
          "Reach, engagement and click-throughs for every post and platform in one report, so you know what to make more of.",
        ),
        feature(
          "Users",
          "Team Collaboration",
          "Drafts, comments and approvals in one place, with roles for writers, reviewers and clients.",
        ),
      ],
    },
    {
      id: "studio-3",
      type: "steps",
      v: 2,
      anchor: "how-it-works",
      eyebrow: "How it works",
      title: "From idea to published post in three steps",
      tone: "muted",
      style: "card",
      numbering: "1",
      steps: [
        {
          title: "Connect your accounts",
          text: "Link your social profiles once; Studio keeps every channel in one workspace.",
        },
        {
          title: "Create with AI",
          text: "Generate a week of posts from your ideas and promotions, then adjust the wording and images.",
        },
        {
          title: "Schedule and measure",
          text: "Put posts on the calendar, let Studio publish them and review the results every week.",
        },
      ],
    },
    {
      id: "studio-4",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Put your social media on autopilot",
      text: "See Studio plan, write and publish a week of posts for your business in a short demo.",
      primary: { label: "Schedule Demo", href: "/schedule-consultation" },
      secondary: contact,
    },
  ],
};

/** The three industry flows: OmniConnect Hub's cards, the demos page's in more detail. */
const industries = [
  {
    icon: "UtensilsCrossed",
    title: "Restaurant",
    highlights: [
      "Menu and allergen questions",
      "Table reservations",
      "Opening hours and directions",
    ],
  },
  {
    icon: "Calculator",
    title: "Tax and Financial Services",
    highlights: ["New-client intake questions", "Secure document upload", "Consultation booking"],
  },
  {
    icon: "Scale",
    title: "Legal Services",
    highlights: [
      "Case intake by practice area",
      "Answers to common questions",
      "Callback scheduling",
    ],
  },
] as const satisfies { icon: Card["icon"]; title: string; highlights: string[] }[];

const omniConnectHub: PageSeed = {
  address: "/products/omniconnect-hub",
  title: "OmniConnect Hub",
  kind: "page",
  metaTitle: "OmniConnect Hub: Chat Widget Hub",
  metaDescription: OMNICONNECT_SUMMARY,
  blocks: [
    {
      id: "omniconnect-hub-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "Communication Tech",
      title: "OmniConnect Hub",
      text: "OmniConnect Hub is a chat widget hub for your website: real-time messaging, video calls, voice AI and file sharing in one widget, connected to the CRM you already use.",
      primary: { label: "Start Free Trial", href: "{omniconnect_app_url}" },
      secondary: { label: "Watch Demo", href: "/demos", icon: "play" },
      highlights: {
        label: "",
        style: "checks",
        items: ["14-day free trial", "No credit card required", "Setup in 5 minutes"],
      },
      figures: [
        { value: "99.9%", label: "Uptime" },
        { value: "500+", label: "Customers" },
        { value: "24/7", label: "Support" },
        { value: "5 min", label: "Setup" },
      ],
    },
    {
      id: "omniconnect-hub-2",
      type: "cardGrid",
      v: 3,
      anchor: "features",
      eyebrow: "Features",
      title: "Every customer conversation in one hub",
      intro:
        "Chat, call, record and share files with your visitors from a single widget, with voice AI covering the hours your team is away.",
      tightTop: true,
      style: "stacked",
      columns: 3,
      cards: [
        feature(
          "MessageSquare",
          "Real-Time Messaging",
          "Instant two-way chat with typing indicators and read receipts, so visitors get answers while they are still on the page.",
        ),
        feature(
          "Video",
          "Video Calls",
          "Move from chat to a face-to-face video call in one click, with no download needed on the visitor's side.",
        ),
        feature(
          "Mic",
          "Voice and Video Recording",
          "Visitors and agents can send recorded voice and video messages when a written reply is not enough.",
        ),
        feature(
          "Paperclip",
          "File Sharing",
          "Exchange documents, photos and forms securely inside the conversation instead of over e-mail.",
        ),
        feature(
          "Brain",
          "Voice AI",
          "An AI voice agent answers questions, qualifies leads and books appointments, and passes the conversation to your team when needed.",
        ),
        feature(
          "Globe",
          "Multi-Language",
          "Serve visitors in their own language with automatic language detection and translated replies.",
        ),
        feature(
          "Smartphone",
          "Mobile Responsive",
          "The widget adapts to every screen size, so conversations work as well on a phone as on a desktop.",
        ),
        feature(
          "Plug",
          "CRM Integrations",
          "Contacts, transcripts and leads flow into your CRM automatically, with no copy and paste.",
        ),
        feature(
          "Workflow",
          "Industry Flows",
          "Start from ready-made conversation flows for restaurants, tax and financial firms and law offices, then tailor them.",
        ),
      ],
    },
    {
      id: "omniconnect-hub-3",
      type: "cardGrid",
      v: 3,
      anchor: "industry-flows",
      eyebrow: "Industry flows",
      title: "Start from a flow built for your industry",
      intro:
        "Each flow comes with the questions, hand-offs and bookings a business like yours needs on day one. Try them on our live demo sites.",
      tone: "muted",
      style: "beside",
      columns: 3,
      cards: industries.map((industry) => ({
        icon: industry.icon,
        title: industry.title,
        text: industry.highlights.join(" · "),
      })),
      secondary: { label: "Explore the industry demos", href: "/demos", icon: "arrow-right" },
    },
    {
      id: "omniconnect-hub-4",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Start your 14-day free trial",
      text: "No credit card required and setup takes about 5 minutes. Prefer a guided start? Book a free consultation and we'll configure the widget with you.",
      primary: consultation,
      secondary: { label: "Watch Demo", href: "/demos" },
    },
  ],
};

/** Each demo's own words and its address's settings value, in the order of `industries`. */
const demos = [
  {
    name: "Restaurant",
    href: "{demo_restaurant_url}",
    text: "A restaurant website where the assistant answers menu questions, takes reservations and handles takeout enquiries.",
  },
  {
    name: "Tax and Financial",
    href: "{demo_tax_url}",
    text: "An accounting firm's website where the assistant qualifies new clients, explains services and books consultations.",
  },
  {
    name: "Legal",
    href: "{demo_legal_url}",
    text: "A law office's website where the assistant gathers case details, answers common questions and schedules initial consultations.",
  },
] as const;

const industryDemos: PageSeed = {
  address: "/demos",
  title: "Industry Demos",
  kind: "page",
  metaTitle: "Industry Demos",
  metaDescription:
    "Try OmniConnect Hub on live demo websites for a restaurant, a tax and financial firm and a law office.",
  blocks: [
    {
      id: "demos-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "Industry Demos",
      title: "See AI Conversations in Action",
      text: "Three live demo websites show how OmniConnect Hub greets visitors, answers their questions and books appointments, each with a flow tailored to its industry.",
    },
    {
      id: "demos-2",
      type: "cardGrid",
      v: 3,
      anchor: "demos",
      eyebrow: "Live demos",
      title: "Pick your industry",
      intro:
        "Each demo opens in a new tab. Chat with the assistant the way your own customers would.",
      tightTop: true,
      style: "stacked",
      columns: 3,
      linkStyle: "button",
      cards: industries.map((industry, index) => {
        const demo = demos[index] as (typeof demos)[number];
        return {
          icon: industry.icon,
          title: industry.title,
          text: demo.text,
          checks: [...industry.highlights],
          href: demo.href,
          linkLabel: `Open ${demo.name} Demo`,
        };
      }),
    },
    {
      id: "demos-3",
      type: "cta",
      v: 3,
      anchor: "platform",
      style: "card",
      eyebrow: "Communication Tech",
      title: "All three demos run on OmniConnect Hub",
      text: OMNICONNECT_SUMMARY,
      primary: {
        label: "Learn More",
        href: "/products/omniconnect-hub",
        icon: "arrow-right",
        style: "solid",
      },
    },
    {
      id: "demos-4",
      type: "cta",
      v: 3,
      anchor: "cta",
      title: "Want a demo for your own business?",
      text: "Tell us about your customers and we'll show you the conversation flow we would build for them.",
      primary: consultation,
      secondary: contact,
    },
  ],
};

/** The seed step's pages, in the order app/routes.ts listed their routes. */
export const productPages: readonly PageSeed[] = [
  hiringHub,
  opsHub,
  studio,
  omniConnectHub,
  industryDemos,
];

/** The products' old addresses: permanent redirects to the pages that replaced them. */
export const productRedirects = [
  { fromPath: "/products/restaurant-ops", target: "/products/opshub" },
  { fromPath: "/products/chat-widget", target: "/products/omniconnect-hub" },
] as const;
