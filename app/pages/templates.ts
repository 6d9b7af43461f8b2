import { slugify } from "~/lib/slug";
import { hasControlCharacter } from "~/schemas/text";
import { z } from "~/schemas/zod";
import { button, newBlock } from "./block-fields";
import type { Block, BlockOf, BlockType } from "./blocks";
import { PAGE_TITLE_MAX, type PageKind, pathField } from "./page-schema";

/**
 * The starting points of "New page": a kind and its first blocks, with placeholder copy that
 * tells staff what to write. Browser-safe: the New page dialog and the server share it.
 */

type BlockSeed = { [T in BlockType]: { type: T } & Partial<Omit<BlockOf<T>, "type">> }[BlockType];

export interface PageTemplate {
  label: string;
  description: string;
  kind: PageKind;
  blocks: readonly BlockSeed[];
}

export const PAGE_TEMPLATE_KEYS = ["blank", "landing", "legal"] as const;
export type PageTemplateKey = (typeof PAGE_TEMPLATE_KEYS)[number];

/** A card of the landing page's grid, without a link. */
const card = (icon: "Zap" | "ShieldCheck" | "Users", title: string, text: string) => ({
  icon,
  badge: "",
  title,
  text,
  checks: [],
  href: "",
  linkLabel: "Learn more",
});

export const PAGE_TEMPLATES: Record<PageTemplateKey, PageTemplate> = {
  blank: {
    label: "Blank",
    description: "A page with one hero block to start from.",
    kind: "page",
    blocks: [{ type: "hero", variant: "minimal", primary: undefined }],
  },
  landing: {
    label: "Landing page",
    description: "A campaign page: hero, three benefits, questions and a call to action.",
    kind: "landing",
    blocks: [
      {
        type: "hero",
        variant: "centred",
        badge: "New",
        title: "The offer, in one line",
        text: "Who it is for and what they get, in a sentence or two.",
        primary: button("Book a call", "/schedule-consultation"),
        secondary: button("Learn more", "#benefits"),
      },
      {
        type: "cardGrid",
        anchor: "benefits",
        title: "Why it works",
        intro: "Three reasons to choose it.",
        columns: 3,
        cards: [
          card("Zap", "Fast to start", "Say how quickly it pays off."),
          card("ShieldCheck", "Safe to use", "Say what keeps the reader's data safe."),
          card("Users", "Backed by people", "Say who helps when they need it."),
        ],
      },
      {
        type: "faq",
        anchor: "faq",
        title: "Questions and answers",
        items: [
          {
            question: "How long does it take?",
            answer: "Give the usual time from start to launch.",
          },
          { question: "What does it cost?", answer: "Give a price or how it is worked out." },
          { question: "Can I try it first?", answer: "Say whether there is a trial or a demo." },
        ],
      },
      {
        type: "cta",
        title: "Ready to start?",
        text: "Tell us about your project; we answer within one working day.",
        primary: button("Contact us", "/contact"),
      },
    ],
  },
  legal: {
    label: "Legal document",
    description: "Terms, a policy or a notice: an introduction and numbered sections.",
    kind: "legal",
    blocks: [
      {
        type: "legal",
        intro: "Say what this document covers, whom it binds and from when it applies.",
        sections: [
          {
            heading: "Scope",
            anchor: "",
            when: "always",
            style: "text",
            markdown: "Say what the document applies to, and what it does not.",
          },
          {
            heading: "Contact",
            anchor: "",
            when: "always",
            style: "text",
            markdown: "Say whom to write to with questions about this document.",
          },
        ],
      },
    ],
  },
};

/** The template's blocks, each a valid block of the current version with a fresh id. */
export function blocksFromTemplate(key: PageTemplateKey): Block[] {
  return PAGE_TEMPLATES[key].blocks.map((seed) => {
    const block = { ...newBlock(seed.type), ...seed } as Record<string, unknown>;
    // A seed's `undefined` drops a default (the blank hero has no button).
    for (const [name, value] of Object.entries(block)) if (value === undefined) delete block[name];
    return block as Block;
  });
}

/** A page address from a title: "/spring-offer-2026" (ASCII only, as page addresses are). */
export function addressFromTitle(title: string): string {
  const slug = slugify(title.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
  return slug ? `/${slug}` : "";
}

/** "New page": a title, an address and a template; the page starts as a draft. */
export const newPageSchema = z.object({
  title: z
    .string("Enter a title.")
    .trim()
    .min(1, "Enter a title.")
    .max(PAGE_TITLE_MAX, `The title is too long (at most ${PAGE_TITLE_MAX} characters).`)
    .refine((v) => !hasControlCharacter(v), "The title contains a character that is not allowed."),
  path: pathField,
  template: z.enum(PAGE_TEMPLATE_KEYS, "Choose a template.").default("blank"),
});
export type NewPage = z.infer<typeof newPageSchema>;
