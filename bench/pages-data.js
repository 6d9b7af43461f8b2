// Pages built from blocks, made on a benchmark server the way staff make them: through the Pages
// tab's own actions (POST /admin/pages to create from a template, POST /admin/pages/<id> to save
// and publish), as the dashboard's fetchers send them (JSON to the route's `.data` address).
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { makePhoto } from "./photo.js";

/** A React Router single-fetch answer (turbo-stream) decoded into its value. */
async function decodeRouteData(response) {
  if (!response.body) throw new Error(`${response.url}: an empty answer (${response.status})`);
  const decoded = await decodeViaTurboStream(response.body, globalThis);
  await decoded.done;
  return decoded.value;
}

/** A dashboard action on `route` with a JSON body; resolves with its action data, or throws. */
async function pageAction(session, route, body) {
  // To the site's own origin: React Router refuses an action whose Origin names another host.
  const response = await fetch(`${session.origin}${route}.data`, {
    method: "POST",
    headers: { origin: session.origin, cookie: session.cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
    redirect: "manual",
  });
  const answer = await decodeRouteData(response).catch(() => null);
  if (response.status !== 200 || !answer?.data?.ok) {
    throw new Error(
      `${body.intent} at ${route} answered ${response.status}: ${JSON.stringify(answer).slice(0, 600)}`,
    );
  }
  return answer.data;
}

/** The page as its editor loads it (GET /admin/pages/<id>.data): the blocks the template made. */
async function editorPage(session, id) {
  const response = await fetch(`${session.origin}/admin/pages/${id}.data`, {
    headers: { cookie: session.cookie },
    redirect: "manual",
  });
  const routes = await decodeRouteData(response);
  const page = Object.values(routes ?? {}).find((route) => route?.data?.page)?.data.page;
  if (response.status !== 200 || !page) {
    throw new Error(`The editor of page ${id} answered ${response.status} without the page`);
  }
  return page;
}

/**
 * "New page" from `template`, then one save that publishes it with `fields` (the blocks too,
 * when given; else the template's, as the editor shows them). Resolves with the page's id,
 * address and block count once it is live.
 */
export async function publishPage(admin, { title, path, template = "blank", ...fields }) {
  const { session } = admin;
  const created = await pageAction(session, "/admin/pages", {
    intent: "create",
    title,
    path,
    template,
  });
  const id = created.result.id;
  const page = await editorPage(session, id);
  const saved = await pageAction(session, `/admin/pages/${id}`, {
    intent: "save",
    title,
    path,
    kind: page.kind,
    status: "published",
    publishAt: "",
    blocks: page.blocks,
    metaTitle: "",
    metaDescription: "",
    ogImageUrl: "",
    canonicalUrl: "",
    noindex: false,
    version: page.version,
    ...fields,
  });
  const live = await fetch(`${session.url}${path}`);
  await live.arrayBuffer();
  if (live.status !== 200) throw new Error(`The published page ${path} answered ${live.status}`);
  return { id, path, blocks: (fields.blocks ?? page.blocks).length, version: saved.result.version };
}

/**
 * The landing template as "New page" makes it, published with a meta title and description as
 * an editor writes them (the SEO panel asks for both): the page the Lighthouse target is
 * about.
 */
export function publishLandingPage(admin, { path = "/bench-landing" } = {}) {
  return publishPage(admin, {
    title: "Spring automation offer",
    path,
    template: "landing",
    metaTitle: "Spring automation offer",
    metaDescription:
      "Chatbots, workflows and hiring tools set up for you in two weeks: see what is included, what it costs, and book a call.",
  });
}

const PARAGRAPHS = [
  "Most small teams lose a day a week to work a machine could do: answering the same five questions, copying orders from one system to another, chasing signatures. We start by listing that work with you, then automate the parts that pay back first.",
  "Every project begins with a two-hour workshop. We map how requests arrive today (email, phone, chat, forms), who handles them and where they stall. You leave with a plan, a price and a date, whether or not you go ahead with us.",
  "We build on tools you already pay for where we can, and keep what we add small and documented. When we hand over, your team knows how each flow works, how to change it, and whom to call when something looks wrong.",
];

let blockCount = 0;
const blockId = () => {
  blockCount += 1;
  return `bench${blockCount.toString(36)}`;
};

/**
 * Twenty blocks as a real long landing page has them: a hero, text, three card grids, image and
 * text beside a photo from the media library, features, figures, steps, testimonials, logos,
 * products, questions, the latest posts, a contact form and calls to action.
 */
export function twentyBlocks(photo) {
  const card = (icon, title, text, href = "") => ({ icon, title, text, href });
  const blocks = [
    {
      type: "hero",
      v: 3,
      variant: "split",
      badge: "Spring offer",
      title: "Automation that gives your team its week back",
      text: "Chatbots, workflows and hiring tools, set up for you in two weeks and looked after for a year.",
      primary: { label: "Book a call", href: "/schedule-consultation" },
      secondary: { label: "See what is included", href: "#included" },
      image: "/images/products/opshub.svg",
      imageAlt: "The OpsHub dashboard showing automated workflows",
    },
    {
      type: "richText",
      v: 2,
      markdown: `## Why automate now\n\n${PARAGRAPHS.join("\n\n")}\n\n- No long contract\n- Your data stays in your accounts\n- A fixed price before we start`,
    },
    {
      type: "cardGrid",
      v: 3,
      anchor: "included",
      eyebrow: "What is included",
      title: "Everything to go live",
      intro: "Six pieces of work, each delivered and explained.",
      columns: 3,
      cards: [
        card("Bot", "A chatbot on every channel", "Web, WhatsApp and email answered the same way."),
        card(
          "Workflow",
          "Workflows between your tools",
          "Orders, invoices and tickets move alone.",
        ),
        card("Users", "Hiring on autopilot", "Candidates screened and booked without emails."),
        card("ShieldCheck", "Privacy by design", "Data kept in the EU, with a processing record."),
        card(
          "ChartColumn",
          "Reports that matter",
          "A weekly summary of what ran and what it saved.",
        ),
        card("PhoneCall", "A year of support", "A named person who answers within a day."),
      ],
    },
    {
      type: "imageText",
      v: 1,
      title: "Built around how you work",
      markdown: `${PARAGRAPHS[1]}\n\n${PARAGRAPHS[2]}`,
      src: photo.url,
      alt: "A harbour at dusk, boats moored along the quay",
      imageSide: "right",
      link: { label: "Read our approach", href: "/about" },
    },
    {
      type: "featureList",
      v: 2,
      title: "What you get on day one",
      intro: "",
      items: [
        "A map of every request your team handles",
        "A fixed price and a launch date",
        "Accounts set up in your name",
        "A test plan your team can run",
        "Training for two people",
        "A handover document",
      ],
    },
    {
      type: "stats",
      v: 2,
      title: "What our clients measured",
      items: [
        { value: "11 h", label: "saved per person each week" },
        { value: "2 weeks", label: "from workshop to launch" },
        { value: "94%", label: "of chats answered without staff" },
        { value: "24/7", label: "answers for customers" },
      ],
    },
    {
      type: "steps",
      v: 2,
      title: "How it goes",
      intro: "Four steps, two weeks.",
      steps: [
        { title: "Workshop", text: "Two hours to map what your team does today." },
        { title: "Plan", text: "A written plan with a fixed price and a date." },
        { title: "Build", text: "We build and test with your real data." },
        { title: "Launch", text: "We go live together and watch the first week." },
      ],
    },
    {
      type: "cta",
      v: 3,
      title: "See it on your own data",
      text: "A 30-minute call: bring one task your team repeats every day.",
      primary: { label: "Book a call", href: "/schedule-consultation" },
    },
    {
      type: "cardGrid",
      v: 3,
      eyebrow: "For whom",
      title: "Teams we work with",
      intro: "",
      columns: 3,
      cards: [
        card(
          "ShoppingBag",
          "Shops",
          "Orders, returns and questions handled.",
          "/chatbot-agents-omnichannel",
        ),
        card(
          "HeartPulse",
          "Clinics",
          "Bookings and reminders without a phone queue.",
          "/voice-driven-ai-agents",
        ),
        card(
          "Briefcase",
          "Agencies",
          "Briefs, quotes and invoices in one flow.",
          "/process-automation",
        ),
      ],
    },
    {
      type: "testimonials",
      v: 1,
      title: "What clients say",
      items: [
        {
          quote: "We answer twice the customers with the same team, and nobody works evenings.",
          name: "Ada Lovelace",
          role: "Operations lead",
        },
        {
          quote: "The handover was the best part: we change the flows ourselves now.",
          name: "Grace Hopper",
          role: "Founder",
        },
      ],
    },
    {
      type: "image",
      v: 1,
      src: "/images/products/hiring-hub.svg",
      alt: "The Hiring Hub's candidate pipeline",
      caption: "Candidates move through the pipeline on their own.",
    },
    {
      type: "richText",
      v: 2,
      markdown: `## What it costs\n\n${PARAGRAPHS[0]}\n\nA typical project is **two to four weeks** of work at a fixed price; support is monthly and can be stopped at any time.`,
    },
    {
      type: "productShowcase",
      v: 1,
      eyebrow: "",
      title: "The products behind it",
      intro: "",
      products: [
        {
          badge: "Popular",
          name: "OpsHub",
          description: "Workflows between the tools you already use.",
          features: ["Visual editor", "Runs in the EU"],
          href: "/products/opshub",
          linkLabel: "See OpsHub",
          src: "/images/products/opshub.svg",
          alt: "OpsHub",
        },
        {
          badge: "",
          name: "Hiring Hub",
          description: "Screening and booking for every opening.",
          features: ["Scorecards", "Calendar booking"],
          href: "/products/hiring-hub",
          linkLabel: "See Hiring Hub",
          src: "/images/products/hiring-hub.svg",
          alt: "Hiring Hub",
        },
      ],
    },
    {
      type: "logos",
      v: 1,
      title: "Trusted by",
      items: [
        { name: "Northwind", src: "", href: "" },
        { name: "Contoso", src: "", href: "" },
        { name: "Fabrikam", src: "", href: "" },
      ],
    },
    {
      type: "cardGrid",
      v: 3,
      eyebrow: "",
      title: "Ways to start",
      intro: "",
      columns: 2,
      cards: [
        card("Target", "Start small", "One flow, live in a week.", "/contact"),
        card("Layers", "Go all in", "Every channel and workflow at once.", "/contact"),
      ],
    },
    {
      type: "faq",
      v: 2,
      anchor: "faq",
      title: "Questions and answers",
      items: [
        { question: "How long does it take?", answer: "Two weeks for most projects." },
        { question: "What does it cost?", answer: "A fixed price, agreed after the workshop." },
        { question: "Who owns the accounts?", answer: "You do: we set them up in your name." },
        { question: "Can we stop the support?", answer: "Yes, any month, without a fee." },
        { question: "Where is our data kept?", answer: "In the EU, in your own accounts." },
      ],
    },
    {
      type: "postList",
      v: 1,
      title: "From the blog",
      category: "",
      count: 3,
    },
    {
      type: "richText",
      v: 2,
      markdown: `## After launch\n\n${PARAGRAPHS[2]}`,
    },
    {
      type: "form",
      v: 2,
      anchor: "message",
      form: "contact",
      title: "Write to us",
      intro: "Tell us about one task you would like gone; we answer within a working day.",
    },
    {
      type: "cta",
      v: 3,
      title: "Ready when you are",
      text: "The spring offer holds for projects started before June.",
      primary: { label: "Book a call", href: "/schedule-consultation" },
    },
  ];
  return blocks.map((block) => ({ id: blockId(), anchor: "", ...block }));
}

/**
 * A 20-block page, with a photo (1600 × 1200, as a site's pictures usually are) uploaded through
 * the media library for its image-and-text block: the page whose uncached render the issue
 * compares with a service page's.
 */
export async function publishTwentyBlockPage(admin, { path = "/bench-twenty-blocks" } = {}) {
  const photo = await makePhoto({ width: 1600, height: 1200, seed: 7 });
  const upload = await admin.upload(photo, {
    fileName: "harbour.jpg",
    altText: "A harbour at dusk, boats moored along the quay",
  });
  if (upload.status !== 201) {
    throw new Error(`Uploading the photo answered ${upload.status}: ${upload.text.slice(0, 500)}`);
  }
  const blocks = twentyBlocks(upload.body);
  return publishPage(admin, {
    title: "Automation for small teams",
    path,
    template: "blank",
    kind: "landing",
    blocks,
    metaTitle: "Automation for small teams",
    metaDescription:
      "Chatbots, workflows and hiring tools set up in two weeks at a fixed price: what is included, how it goes, what clients measured.",
  });
}
