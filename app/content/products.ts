import {
  Bot,
  Brain,
  Calculator,
  CalendarClock,
  CalendarDays,
  ChartColumn,
  ChartLine,
  ClipboardCheck,
  FileSearch,
  Gamepad2,
  Globe,
  GraduationCap,
  ListChecks,
  type LucideIcon,
  MapPin,
  MessageSquare,
  Mic,
  Paperclip,
  PenLine,
  Plug,
  Scale,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Trophy,
  UserCheck,
  Users,
  UtensilsCrossed,
  Video,
  Workflow,
} from "lucide-react";
import type { ExternalLinkKey } from "~/content/external-links";

/**
 * The four products: a summary for lists (the home page's products section, footers) and the
 * detailed copy of each product page. The figures are the spec's static marketing copy.
 */

export type ProductSlug = "hiring-hub" | "opshub" | "studio" | "omniconnect-hub";

export interface ProductSummary {
  slug: ProductSlug;
  name: string;
  /** Badge shown above the name. */
  category: string;
  /** Internal page, e.g. /products/hiring-hub. */
  path: `/products/${ProductSlug}`;
  /** One or two sentences for cards and list rows. */
  description: string;
  /** Four or five short feature bullets. */
  features: string[];
  /** The external app it opens (a settings key; resolve with getExternalLinks()). */
  appLinkKey: ExternalLinkKey;
  /** Studio is defined in the home products list but filtered out of it. */
  onHome: boolean;
}

export interface ProductFeature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export interface ProductStat {
  value: string;
  label: string;
}

export const products: ProductSummary[] = [
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
    appLinkKey: "omniconnect_app_url",
    onHome: true,
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
    appLinkKey: "hiring_hub_app_url",
    onHome: true,
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
    appLinkKey: "opshub_app_url",
    onHome: true,
  },
  {
    slug: "studio",
    name: "Studio",
    category: "Marketing Tech",
    path: "/products/studio",
    description:
      "A social media studio that writes, schedules and measures your posts across six platforms from one calendar.",
    features: [
      "Multi-platform scheduling",
      "AI content creation",
      "Performance analytics",
      "Team collaboration and approvals",
    ],
    appLinkKey: "studio_app_url",
    onHome: false,
  },
];

/** The products the home page lists (Studio is left out). */
export const homeProducts = products.filter((product) => product.onHome);

export function getProduct(slug: ProductSlug): ProductSummary {
  const product = products.find((p) => p.slug === slug);
  if (!product) throw new Error(`Unknown product ${slug}`);
  return product;
}

// ---------------------------------------------------------------------------------------------
// Hiring Hub

export const hiringHub = {
  title: "Hire the right people, faster",
  intro:
    "Hiring Hub uses AI to match, screen and interview candidates, then books the interviews that matter. Your recruiters get a ranked shortlist instead of an inbox full of resumes.",
  stats: [
    { value: "75%", label: "Faster hiring" },
    { value: "94%", label: "Satisfaction" },
    { value: "1000+", label: "Users" },
    { value: "30+", label: "Companies" },
  ] satisfies ProductStat[],
  features: [
    {
      icon: UserCheck,
      title: "AI Candidate Matching",
      description:
        "Every applicant is scored against the skills, experience and requirements of the role, so the strongest fits rise to the top of your pipeline.",
    },
    {
      icon: FileSearch,
      title: "Resume Screening",
      description:
        "Resumes are read, parsed and checked against your must-haves in seconds, with a short summary of why each candidate passed or was held back.",
    },
    {
      icon: CalendarClock,
      title: "Interview Scheduling",
      description:
        "Candidates pick a slot that suits your interviewers' calendars; confirmations and reminders go out automatically.",
    },
    {
      icon: ChartColumn,
      title: "Hiring Analytics",
      description:
        "Track time to hire, pipeline conversion and source quality for every opening, and see exactly where candidates drop out.",
    },
    {
      icon: Mic,
      title: "AI Voice Interviews",
      description:
        "A voice AI runs structured first-round interviews at any hour, records the answers and hands your team a scored transcript.",
    },
  ] satisfies ProductFeature[],
  benefits: [
    "Fill open roles in a fraction of the usual time",
    "Screen every applicant against the same criteria",
    "Free recruiters from manual resume sorting",
    "Offer candidates interview times around the clock",
    "Give every applicant a prompt, consistent experience",
    "Decide with data instead of gut feeling",
    "Scale hiring up for busy seasons without adding staff",
    "Keep every candidate, note and score in one place",
  ],
};

// ---------------------------------------------------------------------------------------------
// OpsHub

export const opsHub = {
  title: "Run every location like your best one",
  intro:
    "OpsHub brings scheduling, tasks, training and reporting into one platform, with an AI assistant and four AI agents doing the routine work and gamification that keeps your team motivated.",
  features: [
    {
      icon: Sparkles,
      title: "AI Assistant",
      description:
        "Ask questions in plain language, get answers from your own procedures and data, and hand off routine requests in one conversation.",
    },
    {
      icon: Bot,
      title: "Four AI Agents",
      description:
        "Dedicated agents for scheduling, compliance, tasks and analytics work in the background and flag what needs a manager's decision.",
    },
    {
      icon: ListChecks,
      title: "Task Management",
      description:
        "Opening, closing and recurring checklists with owners, due times and photo proof, so nothing depends on memory.",
    },
    {
      icon: Gamepad2,
      title: "Gamification",
      description:
        "Staff earn points for completed work and climb levels from Beginner to Legend, turning daily routines into progress they can see.",
    },
    {
      icon: Trophy,
      title: "Achievements, Rewards and Challenges",
      description:
        "50+ achievements and badges, daily, weekly and monthly leaderboards, streaks, team challenges and a rewards catalog staff can redeem points in.",
    },
    {
      icon: CalendarDays,
      title: "Scheduling",
      description:
        "Build shift schedules around availability and demand, handle swaps and time-off requests, and publish changes to everyone at once.",
    },
    {
      icon: GraduationCap,
      title: "Onboarding and Training",
      description:
        "Guided onboarding paths and training modules bring new hires up to speed and record who has completed what.",
    },
    {
      icon: ChartLine,
      title: "Analytics",
      description:
        "Dashboards for task completion, schedule coverage, compliance and engagement, from one location up to the whole business.",
    },
    {
      icon: MapPin,
      title: "Multi-Location Management",
      description:
        "Manage every site from one account with shared standards, location-level reporting and side-by-side comparisons.",
    },
  ] satisfies ProductFeature[],
  agents: [
    {
      icon: CalendarClock,
      title: "Scheduling Agent",
      description:
        "Drafts shift schedules, spots coverage gaps and proposes replacements when someone calls out.",
    },
    {
      icon: ShieldCheck,
      title: "Compliance Agent",
      description:
        "Tracks certifications, required checks and deadlines, and reminds the right people before anything lapses.",
    },
    {
      icon: ClipboardCheck,
      title: "Task Agent",
      description:
        "Assigns daily checklists, follows up on overdue items and escalates what is still open at the end of a shift.",
    },
    {
      icon: ChartColumn,
      title: "Analytics Agent",
      description:
        "Turns operational data into plain-language summaries and points out trends before they become problems.",
    },
  ] satisfies ProductFeature[],
  gamification: [
    "Points for every completed task, checklist and training module",
    "Levels from Beginner to Legend",
    "50+ achievements and badges",
    "Daily, weekly and monthly leaderboards",
    "A rewards catalog to spend points in",
    "Team and individual challenges",
    "Streaks that reward consistent work",
  ],
};

// ---------------------------------------------------------------------------------------------
// Studio

export const studio = {
  title: "Your social media, planned and published by AI",
  intro:
    "Studio is a social media studio for busy teams: generate on-brand posts with AI, schedule them across six platforms from one calendar and see what actually drives engagement.",
  stats: [
    { value: "6", label: "Platforms" },
    { value: "10+", label: "Posts per week" },
    { value: "5x", label: "Faster" },
  ] satisfies ProductStat[],
  features: [
    {
      icon: CalendarDays,
      title: "Multi-Platform Scheduling",
      description:
        "Plan a week of content on one calendar and publish to all six supported platforms at the times your audience is online.",
    },
    {
      icon: PenLine,
      title: "AI Content Creation",
      description:
        "Turn a topic, offer or link into captions, hashtags and post variations in your brand voice, ready to edit and approve.",
    },
    {
      icon: ChartColumn,
      title: "Performance Analytics",
      description:
        "Reach, engagement and click-throughs for every post and platform in one report, so you know what to make more of.",
    },
    {
      icon: Users,
      title: "Team Collaboration",
      description:
        "Drafts, comments and approvals in one place, with roles for writers, reviewers and clients.",
    },
  ] satisfies ProductFeature[],
  steps: [
    {
      title: "Connect your accounts",
      description: "Link your social profiles once; Studio keeps every channel in one workspace.",
    },
    {
      title: "Create with AI",
      description:
        "Generate a week of posts from your ideas and promotions, then adjust the wording and images.",
    },
    {
      title: "Schedule and measure",
      description:
        "Put posts on the calendar, let Studio publish them and review the results every week.",
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// OmniConnect Hub

export const omniConnect = {
  title: "Every customer conversation in one hub",
  intro:
    "OmniConnect Hub is a chat widget hub for your website: real-time messaging, video calls, voice AI and file sharing in one widget, connected to the CRM you already use.",
  trialFacts: ["14-day free trial", "No credit card required", "Setup in 5 minutes"],
  stats: [
    { value: "99.9%", label: "Uptime" },
    { value: "500+", label: "Customers" },
    { value: "24/7", label: "Support" },
    { value: "5 min", label: "Setup" },
  ] satisfies ProductStat[],
  features: [
    {
      icon: MessageSquare,
      title: "Real-Time Messaging",
      description:
        "Instant two-way chat with typing indicators and read receipts, so visitors get answers while they are still on the page.",
    },
    {
      icon: Video,
      title: "Video Calls",
      description:
        "Move from chat to a face-to-face video call in one click, with no download needed on the visitor's side.",
    },
    {
      icon: Mic,
      title: "Voice and Video Recording",
      description:
        "Visitors and agents can send recorded voice and video messages when a written reply is not enough.",
    },
    {
      icon: Paperclip,
      title: "File Sharing",
      description:
        "Exchange documents, photos and forms securely inside the conversation instead of over e-mail.",
    },
    {
      icon: Brain,
      title: "Voice AI",
      description:
        "An AI voice agent answers questions, qualifies leads and books appointments, and passes the conversation to your team when needed.",
    },
    {
      icon: Globe,
      title: "Multi-Language",
      description:
        "Serve visitors in their own language with automatic language detection and translated replies.",
    },
    {
      icon: Smartphone,
      title: "Mobile Responsive",
      description:
        "The widget adapts to every screen size, so conversations work as well on a phone as on a desktop.",
    },
    {
      icon: Plug,
      title: "CRM Integrations",
      description:
        "Contacts, transcripts and leads flow into your CRM automatically, with no copy and paste.",
    },
    {
      icon: Workflow,
      title: "Industry Flows",
      description:
        "Start from ready-made conversation flows for restaurants, tax and financial firms and law offices, then tailor them.",
    },
  ] satisfies ProductFeature[],
};

// ---------------------------------------------------------------------------------------------
// Industry demos (/demos)

export interface IndustryDemo {
  id: "restaurant" | "tax" | "legal";
  icon: LucideIcon;
  title: string;
  /** For button labels: "Open {shortTitle} Demo". */
  shortTitle: string;
  description: string;
  highlights: string[];
  linkKey: ExternalLinkKey;
}

export const industryDemos: IndustryDemo[] = [
  {
    id: "restaurant",
    icon: UtensilsCrossed,
    title: "Restaurant",
    shortTitle: "Restaurant",
    description:
      "A restaurant website where the assistant answers menu questions, takes reservations and handles takeout enquiries.",
    highlights: [
      "Menu and allergen questions",
      "Table reservations",
      "Opening hours and directions",
    ],
    linkKey: "demo_restaurant_url",
  },
  {
    id: "tax",
    icon: Calculator,
    title: "Tax and Financial Services",
    shortTitle: "Tax and Financial",
    description:
      "An accounting firm's website where the assistant qualifies new clients, explains services and books consultations.",
    highlights: ["New-client intake questions", "Secure document upload", "Consultation booking"],
    linkKey: "demo_tax_url",
  },
  {
    id: "legal",
    icon: Scale,
    title: "Legal Services",
    shortTitle: "Legal",
    description:
      "A law office's website where the assistant gathers case details, answers common questions and schedules initial consultations.",
    highlights: [
      "Case intake by practice area",
      "Answers to common questions",
      "Callback scheduling",
    ],
    linkKey: "demo_legal_url",
  },
];
