import type { PageSeed } from "~/pages/seed-pages.server";
import { serviceTypes } from "~/schemas/forms";

/**
 * The contact page and the consultation page as the site comes with them: page rows staff edit,
 * written once per database by the seed step "pages-forms-v1" (app/db/seed.server.ts). The words
 * are those the two routes showed before they became rows; the e-mail address, the phone and the
 * booking link are settings values, resolved when the page is drawn, and the contact page's
 * panels (details, hours, social links) come from the settings through the form's "details"
 * layout. Their forms post to these two addresses without JavaScript (the page route's action).
 */

const contact: PageSeed = {
  address: "/contact",
  title: "Contact Us",
  kind: "page",
  metaTitle: "Contact Us",
  metaDescription:
    "Get in touch by e-mail, phone or mail. Our contact details, business hours and how to send us a message about AI agents, automation or a web project.",
  blocks: [
    {
      id: "contact-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "Contact",
      title: "Contact Us",
      text: "Have a question about AI agents, automation or a web project? Write, call or drop us a line by mail. We'd love to hear what you're working on.",
    },
    {
      id: "contact-2",
      type: "form",
      v: 2,
      anchor: "message",
      form: "contact",
      layout: "details",
      title: "Send us a message",
      intro:
        "Tell us what you'd like to improve, automate or build, and we'll get back to you within one business day.",
      after:
        "Prefer e-mail or the phone? Write to [{contact_email}](mailto:{contact_email}) or call us at [{contact_phone}](tel:{contact_phone}) during business hours. Want a longer conversation? [Schedule a consultation](/schedule-consultation).",
    },
  ],
};

const consultation: PageSeed = {
  address: "/schedule-consultation",
  title: "Schedule a Free Consultation",
  kind: "page",
  metaTitle: "Schedule a Free Consultation",
  metaDescription:
    "Book a free, no-obligation consultation with our AI specialists: expert guidance, a solution shaped to your business and a clear implementation plan.",
  blocks: [
    {
      id: "consultation-1",
      type: "hero",
      v: 3,
      variant: "centred",
      badge: "Free Consultation",
      title: "Schedule a Free Consultation",
      text: "Talk with our team about where AI and automation can save you time and win you customers. No cost and no obligation: you leave with clear next steps.",
      primary: { label: "Request a Consultation", href: "#request", icon: "arrow-down" },
    },
    {
      id: "consultation-2",
      type: "cardGrid",
      v: 3,
      anchor: "value",
      eyebrow: "Why book a consultation",
      title: "What you get",
      intro:
        "One conversation to understand your business, and a concrete recommendation at the end of it.",
      tightTop: true,
      style: "stacked",
      columns: 3,
      cards: [
        {
          icon: "Lightbulb",
          title: "Expert Guidance",
          text: "Talk with specialists who build AI agents and automations every day. We explain your options in plain language and tell you honestly what will pay off.",
        },
        {
          icon: "Puzzle",
          title: "Custom Solutions",
          text: "No one-size-fits-all packages. We recommend chatbots, voice agents and automations that fit your processes, your tools and your budget.",
        },
        {
          icon: "ClipboardList",
          title: "Implementation Plan",
          text: "Leave with a clear plan: priorities, the steps to get there and realistic timelines, whether you decide to work with us or not.",
        },
      ],
    },
    {
      id: "consultation-3",
      type: "form",
      v: 2,
      anchor: "request",
      form: "consultation",
      layout: "aside",
      title: "Request a Consultation",
      intro:
        "Fill in the form and we'll contact you to confirm a time. Fields marked * are required.",
      actions: {
        text: "Rather pick a slot yourself? The booking calendar opens in a new tab.",
        primary: { label: "Book Directly", href: "{booking_url}", style: "outline" },
        secondary: {
          label: "Email us",
          href: "mailto:{contact_email}?subject=Consultation%20request",
          icon: "mail",
          style: "plain",
        },
      },
      stepsTitle: "What happens next",
      steps: [
        {
          title: "Pick a time",
          text: "Choose a slot in our calendar, or e-mail us and we'll find one together.",
        },
        {
          title: "Talk with a specialist",
          text: "Tell us about your business, your goals and the work you'd like to hand off.",
        },
        {
          title: "Get your plan",
          text: "We follow up with recommendations and the next steps, in writing.",
        },
      ],
      aside: {
        title: "Topics we can cover",
        text: "Come with a specific project or just a question. Consultations often start with:",
        items: [...serviceTypes],
      },
    },
  ],
};

/** The seed step's pages. */
export const formPageSeeds: readonly PageSeed[] = [contact, consultation];
