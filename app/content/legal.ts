/**
 * The four legal pages. The text is written once here and filled in with the company's name and
 * contact details from the site settings, so an admin who changes them changes every page.
 */
import { telHref } from "~/lib/phone";
import {
  COOKIE_SETTINGS_SENTENCE,
  type CookieFacts,
  consentCookieCard,
  hasIntegration,
  hasOptionalCookies,
  integrationCookieCards,
  noOptionalCookies,
  usesCategory,
} from "./cookies";
import { defaultSiteName, settingOrDefault } from "./site-defaults";

export const legalSlugs = [
  "privacy-policy",
  "terms-of-service",
  "cookie-policy",
  "data-deletion",
] as const;
export type LegalSlug = (typeof legalSlugs)[number];

export function isLegalSlug(value: string): value is LegalSlug {
  return (legalSlugs as readonly string[]).includes(value);
}

/** Who the pages speak for and how to reach them. */
export interface CompanyDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** The name and contact details the pages print: stored settings when non-empty, else defaults. */
export function companyDetailsFrom(settings: Map<string, string>): CompanyDetails {
  return {
    name: settings.get("site_name")?.trim() || defaultSiteName,
    email: settingOrDefault(settings, "contact_email"),
    phone: settingOrDefault(settings, "contact_phone"),
    address: settingOrDefault(settings, "contact_address"),
  };
}

/** Text with optional links: a plain string, or pieces of which some are links. */
export type Inline = string | { text: string; href: string };
export type RichText = Inline | Inline[];

export type LegalBlock =
  | { kind: "paragraph"; text: RichText }
  | { kind: "list"; items: RichText[] }
  | { kind: "subsection"; heading: string; blocks: LegalBlock[] }
  | { kind: "cards"; cards: { title: string; rows: { label: string; value: string }[] }[] }
  | { kind: "steps"; steps: { title: string; blocks: LegalBlock[] }[] }
  | { kind: "contact"; subject?: string };

export interface LegalSection {
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  slug: LegalSlug;
  title: string;
  /** Meta description. */
  description: string;
  /** ISO date (yyyy-mm-dd) of the last change, shown as "Last updated: September 9, 2024". */
  lastUpdated?: string;
  intro: RichText[];
  sections: LegalSection[];
}

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2024-09-09" as "September 9, 2024", independent of the time zone. */
export function formatLegalDate(iso: string) {
  const [year, month, day] = iso.split("-").map(Number);
  return `${months[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** Titles and descriptions, for meta tags and links, without building the whole text. */
export const legalPageMeta: Record<
  LegalSlug,
  { title: string; description: string; lastUpdated?: string }
> = {
  "privacy-policy": {
    title: "Privacy Policy",
    description:
      "What personal information we collect through our website, how we use and protect it, and the choices and rights you have.",
    lastUpdated: "2024-09-09",
  },
  "terms-of-service": {
    title: "Terms of Service",
    description:
      "The terms that govern your use of our website, your account, our newsletter and our contact and consultation forms.",
    lastUpdated: "2025-01-03",
  },
  "cookie-policy": {
    title: "Cookie Policy",
    description:
      "We use only essential cookies: a sign-in session cookie, a sign-in device cookie and a short-lived message cookie. No advertising or tracking cookies.",
    lastUpdated: "2025-01-03",
  },
  "data-deletion": {
    title: "Data Deletion Request",
    description:
      "How to ask us to delete your personal information: verify your identity, submit your request by e-mail, phone or mail, and we process it.",
  },
};

/**
 * A page's meta description; the cookie policy's depends on whether optional cookies can be set
 * (the other pages' never change).
 */
export function legalPageDescription(slug: LegalSlug, cookies: CookieFacts = noOptionalCookies) {
  if (slug === "cookie-policy" && hasOptionalCookies(cookies)) {
    return "Our essential cookies, and the optional cookies of the features listed here, which are set only if you allow them.";
  }
  return legalPageMeta[slug].description;
}

const p = (...text: Inline[]): LegalBlock => ({
  kind: "paragraph",
  text: text.length === 1 ? (text[0] as Inline) : text,
});
const list = (...items: RichText[]): LegalBlock => ({ kind: "list", items });
const sub = (heading: string, ...blocks: LegalBlock[]): LegalBlock => ({
  kind: "subsection",
  heading,
  blocks,
});
const link = (text: string, href: string): Inline => ({ text, href });

function privacyPolicy(c: CompanyDetails, cookies: CookieFacts): LegalDocument {
  const optional = hasOptionalCookies(cookies);
  const tracking = usesCategory(cookies, "analytics") || usesCategory(cookies, "marketing");
  return {
    slug: "privacy-policy",
    ...legalPageMeta["privacy-policy"],
    intro: [
      `${c.name} (“${c.name}”, “we”, “us” or “our”) helps small and medium businesses put artificial intelligence to work: chatbot and voice agents, process and marketing automation, web design and development, and consulting. This Privacy Policy explains what personal information we collect when you visit our website, create an account, subscribe to our newsletter, contact us or request a consultation, how we use and share it, and the choices and rights you have.`,
    ],
    sections: [
      {
        id: "scope",
        heading: "Scope of this policy",
        blocks: [
          p(
            "This policy applies to this website and to the e-mails and calls that follow from your use of it. It does not apply to:",
          ),
          list(
            "our product applications (such as Hiring Hub, OpsHub, Studio and OmniConnect Hub), which are governed by the agreements and notices provided with them;",
            "personal information we process on behalf of our business clients, for example when we operate a chatbot or voice agent on a client's website, social media channel or phone line. In that case the client decides how the information is used and its own privacy notice applies; we act as its service provider;",
            "third-party websites and services that we link to.",
          ),
        ],
      },
      {
        id: "information-we-collect",
        heading: "Information we collect",
        blocks: [
          sub(
            "Information you give us",
            list(
              "Account information: your e-mail address and password when you sign up. We store passwords only as salted cryptographic hashes, never in readable form.",
              "Newsletter: your e-mail address and the date you subscribed.",
              "Contact messages: your first and last name, e-mail address, optional phone number, your message and your agreement to be contacted.",
              "Consultation requests: your name and e-mail address and, if you choose to give them, your phone number, company, the service you are interested in, your preferred time and a message.",
              "Correspondence: anything you send us by e-mail, phone or mail, and our notes of consultations we hold with you.",
            ),
          ),
          sub(
            "Information collected automatically",
            list(
              "Server logs: your IP address, browser type, the page requested, the referring page and the date and time. We use them to keep the website secure and running, for example to limit repeated sign-in attempts and to investigate errors.",
              "Page-view statistics: we count page views with our own first-party analytics, which use no cookies, no advertising identifiers and no cross-site tracking. We look only at aggregated counts, such as how often a page was viewed on a given day.",
              ...(hasIntegration(cookies, "google_analytics")
                ? [
                    "Google Analytics: only if you allow analytics cookies, Google's script records how you use the website (such as the pages you view, your device and your approximate location) and gives us statistics about it; when you then send our contact, consultation or newsletter form, our server tells Google Analytics that a form was sent, without what you wrote in it.",
                  ]
                : []),
              optional
                ? [
                    "Cookies: we use cookies that are strictly necessary, namely a session cookie while you are signed in, a device cookie that protects your sign-in, a short-lived message cookie and a cookie that remembers your cookie choice, and, only if you allow them, the cookies of the optional features listed in our ",
                    link("Cookie Policy", "/cookie-policy"),
                    `. ${COOKIE_SETTINGS_SENTENCE}`,
                  ]
                : [
                    "Cookies: we use only cookies that are strictly necessary, namely a session cookie while you are signed in, a device cookie that protects your sign-in and a short-lived message cookie. Our ",
                    link("Cookie Policy", "/cookie-policy"),
                    " describes them.",
                  ],
            ),
          ),
          sub(
            "Information from others",
            p(
              "We do not buy personal information. If you book a meeting through our online booking page, the scheduling service passes us the details you enter there so that we can hold the meeting.",
            ),
          ),
        ],
      },
      {
        id: "how-we-use-information",
        heading: "How we use information",
        blocks: [
          p("We use personal information to:"),
          list(
            "operate the website and your account, including sign-in, e-mail verification and password resets;",
            "answer your messages and consultation requests, and schedule and prepare consultations;",
            "send the newsletter you subscribed to (every issue has a link to unsubscribe);",
            "protect the website, our users and ourselves against spam, fraud and abuse, including automated checks on our forms;",
            "understand which pages are useful and improve the website, using aggregated page-view counts;",
            "comply with legal obligations and enforce our Terms of Service.",
          ),
          p(
            "We do not sell your personal information, we do not share it for cross-context behavioral advertising, and we do not use the information you submit through this website to train artificial intelligence models.",
          ),
        ],
      },
      {
        id: "sharing",
        heading: "How we share information",
        blocks: [
          p("We share personal information only as follows:"),
          list(
            optional
              ? "Service providers that help us run the website and our business, such as hosting, database, e-mail delivery, spam protection and scheduling providers, and, for visitors who allow them, the providers of the optional features listed in our Cookie Policy. They may use the information only to provide their service to us and must protect it."
              : "Service providers that help us run the website and our business, such as hosting, database, e-mail delivery, spam protection and scheduling providers. They may use the information only to provide their service to us and must protect it.",
            "Professional advisers, such as lawyers and accountants, under a duty of confidentiality.",
            "Authorities and others when the law requires it, or when it is necessary to protect the rights, property or safety of our users, the public or us.",
            "A buyer or successor, if our business or part of it is sold, merged or reorganized; this policy will continue to apply to the information transferred.",
            "Anyone else with your consent or at your direction.",
          ),
        ],
      },
      {
        id: "retention",
        heading: "How long we keep information",
        blocks: [
          list(
            "Account information: while your account is open, and deleted within 30 days after you close it or ask us to delete it.",
            "Newsletter subscriptions: until you unsubscribe.",
            "Contact messages and consultation requests: as long as needed to respond and follow up, and no longer than 24 months after our last contact with you, unless they become part of a client engagement.",
            "Server logs: up to 90 days, unless needed longer to investigate a security incident.",
            "Information we must keep by law, such as records of paid engagements, for the period the law requires.",
          ),
        ],
      },
      {
        id: "security",
        heading: "Security",
        blocks: [
          p(
            `We protect personal information with safeguards appropriate to its sensitivity, including encrypted connections (HTTPS), hashed passwords, ${optional ? "sign-in cookies" : "cookies"} that scripts cannot read, rate limits on sign-in, and access restricted to the staff who need it. No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If a breach affects your personal information, we will notify you as required by law, including the Florida Information Protection Act.`,
          ),
        ],
      },
      {
        id: "your-rights",
        heading: "Your choices and rights",
        blocks: [
          list(
            "Unsubscribe from the newsletter at any time with the link in any issue, or by writing to us.",
            "Ask us for a copy of the personal information we hold about you, or to correct it.",
            [
              "Ask us to delete your personal information, as explained on our ",
              link("Data Deletion Request", "/data-deletion"),
              " page.",
            ],
            "Receive your information in a portable format.",
          ),
          p(
            "Residents of some states, including California, Colorado, Connecticut, Florida, Texas and Virginia, have these and further rights under their state's privacy laws. We honor the requests above from every user, wherever you live. We will verify your identity before acting on a request, you may use an authorized agent, you may appeal a decision by replying to it, and we will not treat you differently for exercising your rights.",
          ),
          p(
            tracking
              ? "We do not sell personal information. A Global Privacy Control signal from your browser counts as refusing analytics and marketing cookies, so those features never load for you, and we also treat it as a valid opt-out request."
              : "Because we do not sell personal information or use it for targeted advertising, there is nothing to opt out of; we nevertheless treat a Global Privacy Control signal from your browser as a valid opt-out request.",
          ),
        ],
      },
      {
        id: "children",
        heading: "Children's privacy",
        blocks: [
          p(
            "Our website and services are intended for businesses and are not directed to children. We do not knowingly collect personal information from children under 13. If you believe a child has given us personal information, please contact us and we will delete it.",
          ),
        ],
      },
      {
        id: "third-party-links",
        heading: "Third-party websites",
        blocks: [
          p(
            "Our website links to other websites and services, such as our product applications, demonstration sites, our booking page and social networks. Their own privacy policies apply to the information you give them, and we encourage you to read them.",
          ),
        ],
      },
      {
        id: "international",
        heading: "Visitors outside the United States",
        blocks: [
          p(
            "We are based in the United States and process information in the United States. If you use our website from another country, your information will be transferred to and processed in the United States, where data protection laws may differ from those of your country.",
          ),
        ],
      },
      {
        id: "changes",
        heading: "Changes to this policy",
        blocks: [
          p(
            "We may update this policy from time to time. When we do, we change the “Last updated” date at the top of this page, and if the changes are significant we will tell account holders by e-mail or with a notice on the website before they take effect.",
          ),
        ],
      },
      {
        id: "contact",
        heading: "Contact us",
        blocks: [
          p("If you have questions about this policy or want to exercise your rights, contact us:"),
          { kind: "contact", subject: "Privacy question" },
        ],
      },
    ],
  };
}

function termsOfService(c: CompanyDetails): LegalDocument {
  return {
    slug: "terms-of-service",
    ...legalPageMeta["terms-of-service"],
    intro: [
      `These Terms of Service (“Terms”) govern your use of the ${c.name} website, including any account you create on it, our newsletter and the forms you use to contact us or request a consultation. By using the website you agree to these Terms. If you do not agree, please do not use the website.`,
    ],
    sections: [
      {
        id: "about",
        heading: "About these Terms",
        blocks: [
          p(
            `These Terms are an agreement between you and ${c.name} (“we”, “us” or “our”). Paid services, such as building chatbots, voice agents, automations or websites, consulting engagements and subscriptions to our products, are governed by a separate written agreement, proposal or statement of work. If such an agreement conflicts with these Terms, the agreement controls.`,
          ),
          p(
            "Our ",
            link("Privacy Policy", "/privacy-policy"),
            " and ",
            link("Cookie Policy", "/cookie-policy"),
            " explain how we handle personal information and are part of these Terms.",
          ),
        ],
      },
      {
        id: "eligibility",
        heading: "Eligibility",
        blocks: [
          p(
            "You must be at least 18 years old and able to enter into a binding contract to create an account or submit a request. If you use the website on behalf of a company or other organization, you confirm that you have authority to accept these Terms for it, and “you” includes that organization.",
          ),
        ],
      },
      {
        id: "accounts",
        heading: "Your account",
        blocks: [
          list(
            "Give accurate information and verify your e-mail address when asked.",
            "Keep your password confidential and do not share your account. You are responsible for activity under your account.",
            "Tell us promptly if you believe someone has used your account without permission.",
            [
              "You may close your account at any time by following the steps on our ",
              link("Data Deletion Request", "/data-deletion"),
              " page.",
            ],
          ),
          p(
            "We may suspend or close an account that breaks these Terms or puts the website or other users at risk.",
          ),
        ],
      },
      {
        id: "acceptable-use",
        heading: "Acceptable use",
        blocks: [
          p("When using the website you agree not to:"),
          list(
            "break any law or infringe anyone's rights, including intellectual property and privacy rights;",
            "upload or send malicious code, spam or unsolicited advertising, including through our forms;",
            "probe, scan or test the vulnerability of the website, or bypass its security measures, bot checks or rate limits;",
            "access the website with automated tools such as scrapers or bots, except search engines that follow our robots.txt file;",
            "interfere with the website's operation or place an unreasonable load on it;",
            "impersonate anyone or give false information;",
            "copy, modify or reverse engineer the website or its content, except as the law expressly allows.",
          ),
        ],
      },
      {
        id: "communications",
        heading: "Newsletter and communications",
        blocks: [
          p(
            "If you subscribe to our newsletter, we will send it to the e-mail address you give us until you unsubscribe with the link in any issue. If you have an account, we also send messages needed to run it, such as e-mail verification and password reset messages; these are part of the service and are not marketing.",
          ),
        ],
      },
      {
        id: "consultations",
        heading: "Consultations and proposals",
        blocks: [
          p(
            "A free consultation creates no obligation for you or for us. The recommendations we give are general and based on the information you share; they are not a guarantee that a particular solution will suit your business. Estimates and proposals are not binding until both parties sign a written agreement. If you book through our online booking page, the scheduling provider's own terms also apply.",
          ),
        ],
      },
      {
        id: "intellectual-property",
        heading: "Intellectual property",
        blocks: [
          p(
            `The website and its content, including text, graphics, logos, product names, designs and software, are owned by ${c.name} or its licensors and protected by copyright, trademark and other laws. We grant you a limited, non-exclusive, non-transferable and revocable license to view the website for your personal use or to evaluate our services for your business. All other rights are reserved.`,
          ),
        ],
      },
      {
        id: "submissions",
        heading: "Your submissions and feedback",
        blocks: [
          p(
            "You keep ownership of the information you send us. You give us permission to use it to respond to you and to provide the services you ask for. If you send us ideas or feedback about our website or services, we may use them without any obligation to you. Please do not send confidential business information through our forms unless we have agreed in writing to keep it confidential.",
          ),
        ],
      },
      {
        id: "ai-content",
        heading: "AI features and demonstrations",
        blocks: [
          p(
            "Parts of the website, such as demonstrations and chat or voice assistants, use artificial intelligence. AI output can be inaccurate, incomplete or out of date, and it is not legal, financial, tax, medical or other professional advice. Check important information before relying on it, and do not share sensitive personal information, such as payment card, health or government identification numbers, with an assistant.",
          ),
        ],
      },
      {
        id: "third-party",
        heading: "Third-party services and links",
        blocks: [
          p(
            "The website links to and embeds services run by others, such as our product applications, demonstration sites, our booking page and social networks. We do not control them and are not responsible for their content, availability or practices; their own terms and policies apply.",
          ),
        ],
      },
      {
        id: "disclaimers",
        heading: "Disclaimers",
        blocks: [
          p(
            "THE WEBSITE IS PROVIDED “AS IS” AND “AS AVAILABLE”. TO THE FULLEST EXTENT PERMITTED BY LAW, WE DISCLAIM ALL WARRANTIES, EXPRESS OR IMPLIED, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE AND NON-INFRINGEMENT. We do not promise that the website will be uninterrupted, error-free or free of harmful components.",
          ),
          p(
            "Figures and results described on the website illustrate outcomes achieved in particular situations. They are not a promise of the results your business will achieve.",
          ),
        ],
      },
      {
        id: "liability",
        heading: "Limitation of liability",
        blocks: [
          p(
            `TO THE FULLEST EXTENT PERMITTED BY LAW, ${c.name.toUpperCase()} AND ITS OWNERS, EMPLOYEES AND SUPPLIERS WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR LOST PROFITS, REVENUE OR DATA, ARISING FROM YOUR USE OF THE WEBSITE. OUR TOTAL LIABILITY FOR ANY CLAIM ARISING FROM THE WEBSITE IS LIMITED TO ONE HUNDRED U.S. DOLLARS (US$100).`,
          ),
          p(
            "Nothing in these Terms limits liability that cannot be limited under applicable law. Liability under a separate agreement for paid services is governed by that agreement.",
          ),
        ],
      },
      {
        id: "indemnification",
        heading: "Indemnification",
        blocks: [
          p(
            `You agree to defend and indemnify ${c.name} against claims, losses and costs, including reasonable attorneys' fees, arising from your breach of these Terms or your misuse of the website.`,
          ),
        ],
      },
      {
        id: "termination",
        heading: "Suspension and termination",
        blocks: [
          p(
            "We may suspend or end your access to the website at any time if you break these Terms or if we need to protect the website or its users. Sections that by their nature should continue, such as intellectual property, disclaimers, limitation of liability, indemnification and governing law, continue after your access ends.",
          ),
        ],
      },
      {
        id: "governing-law",
        heading: "Governing law and disputes",
        blocks: [
          p(
            "These Terms are governed by the laws of the State of Florida and applicable federal law of the United States, without regard to conflict-of-law rules. Before filing a claim, please contact us so that we can try to resolve the matter informally within 30 days. Any dispute that is not resolved informally will be heard exclusively in the state or federal courts located in Hillsborough County, Florida, and you and we consent to their jurisdiction.",
          ),
        ],
      },
      {
        id: "changes",
        heading: "Changes to these Terms",
        blocks: [
          p(
            "We may change these Terms from time to time. The “Last updated” date at the top of this page shows when they last changed. If a change is significant, we will give account holders notice by e-mail or on the website before it takes effect. Continuing to use the website after a change takes effect means you accept the updated Terms.",
          ),
        ],
      },
      {
        id: "general",
        heading: "General",
        blocks: [
          p(
            "These Terms, together with the policies they refer to, are the entire agreement between you and us about the website. If a provision is found unenforceable, the rest remains in effect. Our failure to enforce a provision is not a waiver. You may not transfer your rights under these Terms; we may transfer ours to a successor. Nothing in these Terms creates a partnership, employment or agency relationship.",
          ),
        ],
      },
      {
        id: "contact",
        heading: "Contact us",
        blocks: [
          p("Questions about these Terms? Contact us:"),
          { kind: "contact", subject: "Terms of Service question" },
        ],
      },
    ],
  };
}

function cookiePolicy(c: CompanyDetails, cookies: CookieFacts): LegalDocument {
  const optional = hasOptionalCookies(cookies);
  const analytics = usesCategory(cookies, "analytics");
  const marketing = usesCategory(cookies, "marketing");
  return {
    slug: "cookie-policy",
    ...legalPageMeta["cookie-policy"],
    description: legalPageDescription("cookie-policy", cookies),
    intro: [
      optional
        ? `This Cookie Policy explains how ${c.name} uses cookies and similar technologies on this website. In short: we use cookies that are strictly necessary for the website to work and, only if you allow them, the cookies of the optional features listed below.`
        : `This Cookie Policy explains how ${c.name} uses cookies and similar technologies on this website. In short: we use only cookies that are strictly necessary for the website to work, and no advertising or tracking cookies.`,
    ],
    sections: [
      {
        id: "what-are-cookies",
        heading: "What cookies are",
        blocks: [
          p(
            "Cookies are small text files that a website stores in your browser and reads back on later visits. First-party cookies are set by the website you are visiting; third-party cookies are set by other domains. Similar technologies, such as local storage, work in much the same way, and this policy covers them too.",
          ),
        ],
      },
      {
        id: "cookies-we-use",
        heading: "Cookies we use",
        blocks: [
          p(
            optional
              ? "Our website itself sets at most three cookies, and only when they are needed:"
              : "Our website sets at most two cookies, and only when they are needed:",
          ),
          {
            kind: "cards",
            cards: [
              {
                title: "Session cookie",
                rows: [
                  {
                    label: "Purpose",
                    value:
                      "Keeps you signed in after you sign in, so that you can move between pages and reach your account.",
                  },
                  { label: "Set when", value: "You sign in." },
                  {
                    label: "Duration",
                    value:
                      "Up to 30 days, renewed while you use the website; deleted when you sign out.",
                  },
                  { label: "Type", value: "Strictly necessary, first-party" },
                ],
              },
              {
                title: "Sign-in device cookie",
                rows: [
                  {
                    label: "Purpose",
                    value:
                      "Recognises a browser in which you have signed in before, so that someone trying to guess your password elsewhere cannot lock you out of your account. It holds a random code and a signature, not your e-mail address.",
                  },
                  { label: "Set when", value: "You sign in." },
                  { label: "Duration", value: "One year." },
                  { label: "Type", value: "Strictly necessary, first-party" },
                ],
              },
              {
                title: "Message cookie",
                rows: [
                  {
                    label: "Purpose",
                    value:
                      "Carries a one-time confirmation message, such as “Signed in successfully”, from one page to the next.",
                  },
                  {
                    label: "Set when",
                    value: "An action you take leads to a confirmation on the next page.",
                  },
                  {
                    label: "Duration",
                    value: "At most 60 seconds; deleted as soon as the message is shown.",
                  },
                  { label: "Type", value: "Strictly necessary, first-party" },
                ],
              },
              ...(optional ? [consentCookieCard] : []),
            ],
          },
          p(
            optional
              ? "The session, device and message cookies are sent only to this website, cannot be read by scripts in the page, are limited to secure connections when the website is served over HTTPS, and contain no advertising identifiers. The cookie-choice cookie holds only your choice and when you made it. Because these cookies are strictly necessary to provide what you ask for, they do not require your consent."
              : "These cookies are sent only to this website, cannot be read by scripts in the page, are limited to secure connections when the website is served over HTTPS, and contain no advertising identifiers. Because they are strictly necessary to provide what you ask for, they do not require your consent, and we do not show a cookie banner.",
          ),
        ],
      },
      ...(optional
        ? [
            {
              id: "optional-cookies",
              heading: "Optional features and their cookies",
              blocks: [
                p(
                  "These features of our website are provided by third parties. Each belongs to a category, and it loads, sets cookies or sends anything to its provider only after you allow that category in the cookie banner. Until you choose, and if you refuse, none of them runs.",
                ),
                { kind: "cards", cards: integrationCookieCards(cookies) } satisfies LegalBlock,
                p(COOKIE_SETTINGS_SENTENCE),
              ],
            },
          ]
        : []),
      {
        id: "what-we-do-not-use",
        heading: "What we do not use",
        blocks: [
          list(
            analytics
              ? "No analytics cookies without your consent: we count page views on our own servers, without cookies, identifiers or cross-site tracking, and the analytics listed above run only if you allow analytics cookies."
              : "No analytics cookies: we count page views on our own servers, without cookies, identifiers or cross-site tracking.",
            marketing
              ? "No advertising, retargeting or social media tracking cookies or pixels without your consent: scripts in the marketing category run only if you allow marketing cookies."
              : "No advertising, retargeting or social media tracking cookies or pixels.",
            marketing
              ? "No selling of information collected through cookies."
              : "No selling or sharing of information collected through cookies.",
          ),
        ],
      },
      {
        id: "third-party",
        heading: "Third-party features and links",
        blocks: [
          p(
            "When you follow a link to another website, such as our booking page, a product application, a demonstration site or a social network, that website may set its own cookies under its own policy. Some optional features on our website, such as a live-chat or voice assistant widget or a security check on a form, may be provided by third parties; their providers may store information on your device when you use the feature, and their own privacy and cookie policies apply.",
          ),
        ],
      },
      {
        id: "managing-cookies",
        heading: "Managing cookies",
        blocks: [
          p(
            "You can view, block and delete cookies in your browser's settings; your browser's help pages explain how. If you block cookies from our website, you can still read every public page, but you will not be able to sign in.",
          ),
          ...(optional
            ? [
                p(
                  `${COOKIE_SETTINGS_SENTENCE} If you withdraw your consent, the optional features stop from the next page on${
                    hasIntegration(cookies, "google_analytics")
                      ? ", and we delete the Google Analytics cookies on this website's domain"
                      : ""
                  }.`,
                ),
              ]
            : []),
        ],
      },
      {
        id: "signals",
        heading: "Do Not Track and Global Privacy Control",
        blocks: [
          analytics || marketing
            ? p(
                "We treat a Global Privacy Control signal from your browser as refusing analytics and marketing cookies: with it, those features do not load and we do not ask you about them. We also honor it as described in our ",
                link("Privacy Policy", "/privacy-policy"),
                ". Do Not Track has no agreed meaning, so for it we rely on your choice in the cookie banner.",
              )
            : p(
                "Because we do not track visitors across websites, there is nothing for these signals to switch off. We still honor a Global Privacy Control signal as described in our ",
                link("Privacy Policy", "/privacy-policy"),
                ".",
              ),
        ],
      },
      {
        id: "changes",
        heading: "Changes to this policy",
        blocks: [
          p(
            optional
              ? "If we change the cookies we use, we will update this policy and its “Last updated” date before the change takes effect. We ask for your consent before any cookie that is not strictly necessary is set, and ask again when a feature of a category you were not asked about is added."
              : "If we change the cookies we use, we will update this policy and its “Last updated” date before the change takes effect. If we ever want to use cookies that are not strictly necessary, we will ask for your consent first.",
          ),
        ],
      },
      {
        id: "contact",
        heading: "Contact us",
        blocks: [
          p("Questions about cookies? Contact us:"),
          { kind: "contact", subject: "Cookie question" },
        ],
      },
    ],
  };
}

function dataDeletion(c: CompanyDetails): LegalDocument {
  const subject = "Data Deletion Request";
  return {
    slug: "data-deletion",
    ...legalPageMeta["data-deletion"],
    intro: [
      `You can ask ${c.name} to delete the personal information we hold about you at any time. This page explains what a request covers and the three steps from your request to its completion.`,
    ],
    sections: [
      {
        id: "what-you-can-delete",
        heading: "What you can ask us to delete",
        blocks: [
          list(
            "Your account: your e-mail address, password hash, profile and sign-in sessions.",
            "Your newsletter subscription.",
            "Messages you sent through our contact form and consultation requests.",
            "Correspondence with us by e-mail, phone or mail, and our notes of consultations.",
            "Conversations with the chat or voice assistants on our own website.",
          ),
          p(
            "Only want fewer e-mails? Use the unsubscribe link in any newsletter; you do not need to send a deletion request for that.",
          ),
        ],
      },
      {
        id: "how-to-request",
        heading: "How to request deletion",
        blocks: [
          {
            kind: "steps",
            steps: [
              {
                title: "Verify your identity",
                blocks: [
                  p(
                    "To protect your information, we confirm that each request really comes from you. Send your request from the e-mail address you used with us, or tell us that address and we will send a confirmation to it. We may ask a question or two to confirm who you are, but we will never ask for your password. If an authorized agent makes the request for you, we also need your signed permission.",
                  ),
                ],
              },
              {
                title: "Submit your request by e-mail, phone or mail",
                blocks: [
                  p(
                    "Tell us your name, the e-mail address we know you by, and whether you want everything deleted or only specific items, such as your newsletter subscription.",
                  ),
                  list(
                    [
                      "E-mail: ",
                      link(c.email, `mailto:${c.email}?subject=${encodeURIComponent(subject)}`),
                      ` with the subject “${subject}”`,
                    ],
                    ["Phone: ", link(c.phone, telHref(c.phone))],
                    `Mail: ${c.name}, Attn: ${subject}, ${c.address}`,
                  ),
                ],
              },
              {
                title: "Processing",
                blocks: [
                  p(
                    "We confirm that we received your request within 10 business days and complete it within 30 days of verifying your identity. If we need more time, as the law allows in some cases, we tell you why and how long. When we are done, we send a final confirmation to your e-mail address; after that, copies in our backups are overwritten within 30 days.",
                  ),
                ],
              },
            ],
          },
        ],
      },
      {
        id: "what-we-keep",
        heading: "What we may keep",
        blocks: [
          p(
            "We may keep information we are required to keep by law, such as records of paid engagements for tax purposes, or that we need to resolve disputes, prevent fraud or protect the security of our systems. We also keep a minimal record that your request was made and completed. If we keep anything, we tell you what and why.",
          ),
        ],
      },
      {
        id: "client-data",
        heading: "Data we process for our clients",
        blocks: [
          p(
            "If you talked to a chatbot or voice agent that we operate for another business, on its website, Messenger, Instagram, WhatsApp, Telegram, SMS or phone line, that business controls your information. Please send your request to the business; if you send it to us, we forward it and help the business carry it out.",
          ),
        ],
      },
      {
        id: "contact",
        heading: "Questions",
        blocks: [
          p(
            "Our ",
            link("Privacy Policy", "/privacy-policy"),
            " explains how we handle personal information. For anything else, contact us:",
          ),
          { kind: "contact", subject },
        ],
      },
    ],
  };
}

const builders: Record<
  LegalSlug,
  (company: CompanyDetails, cookies: CookieFacts) => LegalDocument
> = {
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
  "cookie-policy": cookiePolicy,
  "data-deletion": dataDeletion,
};

/**
 * A legal page's text. `cookies` (what runs in visitors' browsers) shapes the cookie and privacy
 * policies; without it they describe a site with no optional cookies.
 */
export function getLegalDocument(
  slug: LegalSlug,
  company: CompanyDetails,
  cookies: CookieFacts = noOptionalCookies,
): LegalDocument {
  return builders[slug](company, cookies);
}
