import {
  ArrowRight,
  AudioLines,
  Brain,
  Building,
  ChartColumn,
  CodeXml,
  Cog,
  Compass,
  Cpu,
  Gauge,
  Globe,
  Handshake,
  Languages,
  type LucideIcon,
  Megaphone,
  MessageCircle,
  MessagesSquare,
  Mic,
  Target,
  Workflow,
} from "lucide-react";
import { Link } from "react-router";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { FeatureCard } from "~/components/marketing/feature-card";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { servicePath } from "~/content/site-defaults";
import { seo } from "~/lib/seo";
import { getSettingsMap, settingOrDefault, siteNameFrom } from "~/models/site.server";
import type { Route } from "./+types/about";

export async function loader() {
  const settings = await getSettingsMap();
  return {
    siteName: siteNameFrom(settings),
    city: settingOrDefault(settings, "business_city"),
    state: settingOrDefault(settings, "business_state"),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About Us",
    description:
      "Who we are: a Florida-based team that builds AI chat and voice agents, automations and websites for small and medium businesses. Our story, mission, capabilities and vision.",
    path: "/about",
  });

const principles: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: Target,
    title: "Start with the problem",
    description:
      "We begin with your goals and the work that slows your team down, not with a technology looking for a use.",
  },
  {
    icon: Gauge,
    title: "Measure what matters",
    description:
      "Every project has clear targets, such as faster responses, fewer manual tasks or more qualified leads, so you can see what it returns.",
  },
  {
    icon: Handshake,
    title: "Keep people in charge",
    description:
      "Our agents handle the routine and hand over to your team when a human touch matters. You stay in control of your data and your customers.",
  },
];

const capabilities: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: MessageCircle,
    title: "Chatbot Agents Omnichannel",
    description:
      "AI chat agents that answer questions, qualify leads and book appointments on your website, Messenger, Instagram, WhatsApp, Telegram and SMS.",
  },
  {
    icon: Mic,
    title: "Voice-Driven AI Agents",
    description:
      "Voice agents for inbound and outbound calls, information lines and appointment scheduling, backed by a virtual PBX.",
  },
  {
    icon: Cog,
    title: "Process Automation",
    description:
      "Connect the tools you already use and automate data entry, hand-offs, reminders and reports, without copy and paste.",
  },
  {
    icon: Globe,
    title: "Web Design & Development",
    description:
      "Fast, accessible websites and web applications designed to turn visitors into customers and to work with your AI agents.",
  },
  {
    icon: Megaphone,
    title: "Marketing Automation",
    description:
      "Campaigns, follow-ups and lead nurturing that run on their own across e-mail, SMS and social channels.",
  },
  {
    icon: Compass,
    title: "Consulting Services",
    description:
      "Guidance on digital transformation, AI implementation and IoT, from a first assessment to a roadmap your team can act on.",
  },
];

const products = [
  {
    name: "OmniConnect Hub",
    badge: "Communication Tech",
    description: "One hub for chat, voice and video conversations with your customers.",
    href: "/products/omniconnect-hub",
  },
  {
    name: "Hiring Hub",
    badge: "HR Tech",
    description:
      "AI candidate matching, resume screening, interview scheduling and voice interviews.",
    href: "/products/hiring-hub",
  },
  {
    name: "OpsHub",
    badge: "Operations Tech",
    description:
      "An AI assistant and four AI agents for scheduling, compliance, tasks and analytics.",
    href: "/products/opshub",
  },
];

const vision = [
  {
    title: "AI agents as teammates",
    description:
      "Every growing business with AI agents that answer customers, schedule work and keep records, working alongside the people who run it.",
  },
  {
    title: "Connected operations",
    description:
      "Chat, voice, hiring and operations tools that share what they learn, so owners see the whole business in one place.",
  },
  {
    title: "Responsible by design",
    description:
      "Systems that are open about being AI, protect customer data and hand over to a person whenever that serves the customer better.",
  },
];

const reachFacts = [
  { value: "6", label: "messaging channels covered by our chat agents" },
  { value: "24/7", label: "availability of the AI agents we deploy" },
  { value: "3", label: "products for communication, hiring and operations" },
  { value: "4", label: "specialized AI agents inside OpsHub" },
];

const technology: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: Brain,
    title: "Large language models",
    description:
      "Conversational agents built on leading language models and grounded in your own content, so answers stay accurate and on-brand.",
  },
  {
    icon: AudioLines,
    title: "Voice AI and telephony",
    description:
      "Speech recognition, natural-sounding speech and call handling that work with the phone numbers you already have.",
  },
  {
    icon: Workflow,
    title: "Workflow automation",
    description:
      "APIs and integration platforms that connect your CRM, calendar, e-mail and business applications.",
  },
  {
    icon: CodeXml,
    title: "Modern web platforms",
    description:
      "Server-rendered, accessible and fast-loading websites and web applications built with current frameworks.",
  },
  {
    icon: ChartColumn,
    title: "Data and analytics",
    description:
      "Dashboards and reports that show how your conversations, calls and automations perform over time.",
  },
  {
    icon: Cpu,
    title: "IoT and connected devices",
    description:
      "Sensors and connected devices brought into your processes wherever real-world data makes a difference.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { siteName, city, state } = loaderData;
  const location = [city, state].filter(Boolean).join(", ");

  return (
    <>
      <PageHero
        badge="About Us"
        title={`About ${siteName}`}
        description="We help small and medium businesses put artificial intelligence to work: chat and voice agents that answer customers around the clock, automations that take repetitive work off your team, and websites built to convert."
      />

      <Section id="story" eyebrow="Who we are" title="Our Story" tightTop>
        <div className="grid gap-10 lg:grid-cols-5 lg:gap-12">
          <div className="space-y-5 text-base leading-7 text-slate-700 sm:text-lg sm:leading-8 lg:col-span-3">
            <p>
              {siteName} started from a simple observation: the AI that large enterprises use to
              answer customers, screen candidates and run operations had become capable and
              affordable, yet most small and medium businesses had no practical way to put it to
              work. Owners were curious, but short on time and wary of projects that never leave the
              pilot stage.
            </p>
            <p>
              So we set out to be the team that does the work. We began with conversational agents
              and websites, and grew into voice agents, process and marketing automation, and
              consulting on digital transformation. The patterns we saw again and again became
              products: OmniConnect Hub for customer communication, Hiring Hub for recruiting and
              OpsHub for day-to-day operations.
            </p>
            <p>
              Today we work with owners and their teams from the first conversation to launch and
              beyond: we listen, recommend what will pay off, build it, and stay on to keep it
              running and improving.
            </p>
          </div>
          <aside
            aria-label="At a glance"
            className="self-start rounded-2xl border border-line bg-surface p-6 lg:col-span-2"
          >
            <p className="text-sm font-semibold uppercase tracking-wider text-primary-strong">
              At a glance
            </p>
            <dl className="mt-4 space-y-4">
              {[
                { term: "Headquarters", detail: location || "United States" },
                { term: "Clients", detail: "Small and medium businesses across the United States" },
                {
                  term: "Services",
                  detail: "AI agents, automation, web development and consulting",
                },
                { term: "Products", detail: "OmniConnect Hub, Hiring Hub and OpsHub" },
              ].map((item) => (
                <div key={item.term}>
                  <dt className="text-sm font-medium text-muted">{item.term}</dt>
                  <dd className="mt-1 font-semibold text-ink">{item.detail}</dd>
                </div>
              ))}
            </dl>
          </aside>
        </div>
      </Section>

      <Section
        id="mission"
        tone="muted"
        eyebrow="Our Mission"
        title="Make AI practical for every growing business"
        intro="Our mission is to give small and medium businesses the advantage AI gives the largest companies, without the enterprise budget, the jargon or the risk."
      >
        <div className="grid gap-6 md:grid-cols-3">
          {principles.map((item) => (
            <FeatureCard key={item.title} {...item} />
          ))}
        </div>
      </Section>

      <Section
        id="capabilities"
        eyebrow="Capabilities"
        title="What we do"
        intro="Six services that cover the path from first idea to a system that runs every day."
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {capabilities.map((item) => (
            <FeatureCard key={item.title} {...item} className="flex flex-col">
              <Link
                to={servicePath(item.title)}
                className="mt-auto inline-flex items-center gap-1 self-start pt-4 text-sm font-semibold text-primary-strong hover:underline"
              >
                Learn more<span className="sr-only"> about {item.title}</span>
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </FeatureCard>
          ))}
        </div>
        <div className="mt-14">
          <h3 className="text-center text-xl font-semibold text-ink">
            Products built on the same expertise
          </h3>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {products.map((product) => (
              <li key={product.href}>
                <Link
                  to={product.href}
                  className="group flex h-full flex-col rounded-2xl border border-line bg-white p-5 shadow-sm transition-colors hover:border-indigo-300"
                >
                  <span className="text-xs font-semibold uppercase tracking-wider text-primary-strong">
                    {product.badge}
                  </span>
                  <span className="mt-2 text-lg font-semibold text-ink group-hover:text-primary-strong">
                    {product.name}
                  </span>
                  <span className="mt-1 text-sm text-muted">{product.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section
        id="vision"
        tone="dark"
        eyebrow="Our Vision"
        title="Where we are headed"
        intro="We believe AI will become part of how every small business serves its customers, the way the website and the smartphone did before it. We are building toward that future."
      >
        <div className="grid gap-6 md:grid-cols-3">
          {vision.map((item) => (
            <div key={item.title} className="rounded-2xl border border-white/15 bg-white/5 p-6">
              <h3 className="text-lg font-semibold text-white">{item.title}</h3>
              <p className="mt-2 text-slate-300">{item.description}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section
        id="reach"
        eyebrow="Our Reach"
        title="Where we work"
        intro={`Headquartered in ${location || "the United States"}, we work with businesses across the United States: in person when it helps, remotely for everything else.`}
      >
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {reachFacts.map((fact) => (
            <div
              key={fact.label}
              className="flex flex-col-reverse justify-end rounded-2xl border border-line bg-surface p-5 text-center"
            >
              <dt className="mt-1 text-sm text-muted">{fact.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-primary-strong sm:text-4xl">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          <FeatureCard
            icon={MessagesSquare}
            title="Every channel your customers use"
            description="Website chat, Messenger, Instagram, WhatsApp, Telegram, SMS and the phone line: one agent, consistent answers everywhere."
          />
          <FeatureCard
            icon={Building}
            title="Industries we know"
            description="Restaurants and hospitality, tax and financial services, legal practices and other service businesses that handle many calls and messages."
          />
          <FeatureCard
            icon={Languages}
            title="Many languages"
            description="Our agents and OmniConnect Hub support multiple languages, so you can serve customers in the language they prefer."
          />
        </div>
      </Section>

      <Section
        id="technology"
        tone="muted"
        eyebrow="Technology Focus"
        title="Technology we focus on"
        intro="We choose proven, well-supported technology and combine it with care, so what we build is reliable today and easy to extend tomorrow. Security and privacy are part of every design, not an afterthought."
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {technology.map((item) => (
            <FeatureCard key={item.title} {...item} />
          ))}
        </div>
      </Section>

      <CtaBanner
        title="Let's talk about your business"
        description="Book a free consultation. We'll learn how you work today and show you where AI and automation pay off first."
      />
    </>
  );
}
