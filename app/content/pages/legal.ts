import type { BlockSeed, PageSeed } from "~/pages/seed-pages.server";

/**
 * The four legal pages as the site comes with them: page rows staff edit in the page editor,
 * written once per database by the seed step "pages-legal-v1" (app/db/seed.server.ts). The words
 * are those the legal route showed before the pages became rows. The company's name and contact
 * details are settings values; what the cookie and privacy policies say about the integrations
 * that run in visitors' browsers is written as conditions ({if optional_cookies}…{else}…{end})
 * and the cookie cards as inserts ({cookie_cards:essential}), both decided when the page is
 * drawn (app/pages/render.server.ts), as is the contact card ({contact_card:Subject}).
 */

type Legal = Extract<BlockSeed, { type: "legal" }>;
type Section = Legal["sections"][number];

/** The legal pages' opening: badge, title, summary and the Back button. */
function hero(id: string, title: string, text: string): BlockSeed {
  return {
    id,
    type: "hero",
    v: 3,
    variant: "centred",
    badge: "Legal",
    title,
    text,
    backButton: true,
  };
}

/** The document: "On this page" beside unnumbered sections, each at its former id. */
function legal(id: string, intro: string, sections: Section[]): BlockSeed {
  return { id, type: "legal", v: 2, numbered: false, intro, sections };
}

const privacyPolicy: PageSeed = {
  address: "/privacy-policy",
  title: "Privacy Policy",
  kind: "legal",
  metaTitle: "Privacy Policy",
  metaDescription:
    "What personal information we collect through our website, how we use and protect it, and the choices and rights you have.",
  legalEffectiveDate: "2024-09-09",
  legalVersion: "",
  blocks: [
    hero(
      "privacy-1",
      "Privacy Policy",
      "What personal information we collect through our website, how we use and protect it, and the choices and rights you have.",
    ),
    legal(
      "privacy-2",
      "{company_name} (“{company_name}”, “we”, “us” or “our”) helps small and medium businesses put artificial intelligence to work: chatbot and voice agents, process and marketing automation, web design and development, and consulting. This Privacy Policy explains what personal information we collect when you visit our website, create an account, subscribe to our newsletter, contact us or request a consultation, how we use and share it, and the choices and rights you have.",
      [
        {
          heading: "Scope of this policy",
          anchor: "scope",
          markdown:
            "This policy applies to this website and to the e-mails and calls that follow from your use of it. It does not apply to:\n\n- our product applications (such as Hiring Hub, OpsHub, Studio and OmniConnect Hub), which are governed by the agreements and notices provided with them;\n- personal information we process on behalf of our business clients, for example when we operate a chatbot or voice agent on a client's website, social media channel or phone line. In that case the client decides how the information is used and its own privacy notice applies; we act as its service provider;\n- third-party websites and services that we link to.",
        },
        {
          heading: "Information we collect",
          anchor: "information-we-collect",
          markdown:
            "## Information you give us\n\n- **Account information:** your e-mail address and password when you sign up. We store passwords only as salted cryptographic hashes, never in readable form.\n- **Newsletter:** your e-mail address and the date you subscribed.\n- **Contact messages:** your first and last name, e-mail address, optional phone number, your message and your agreement to be contacted.\n- **Consultation requests:** your name and e-mail address and, if you choose to give them, your phone number, company, the service you are interested in, your preferred time and a message.\n- **Correspondence:** anything you send us by e-mail, phone or mail, and our notes of consultations we hold with you.\n\n## Information collected automatically\n\n- **Server logs:** your IP address, browser type, the page requested, the referring page and the date and time. We use them to keep the website secure and running, for example to limit repeated sign-in attempts and to investigate errors.\n- **Page-view statistics:** we count page views with our own first-party analytics, which use no cookies, no advertising identifiers and no cross-site tracking. We look only at aggregated counts, such as how often a page was viewed on a given day.\n- {if google_analytics}**Google Analytics:** only if you allow analytics cookies, Google's script records how you use the website (such as the pages you view, your device and your approximate location) and gives us statistics about it; when you then send our contact, consultation or newsletter form, our server tells Google Analytics that a form was sent, without what you wrote in it.{end}\n- **Cookies:** {if optional_cookies}we use cookies that are strictly necessary, namely a session cookie while you are signed in, a device cookie that protects your sign-in, a short-lived message cookie and a cookie that remembers your cookie choice, and, only if you allow them, the cookies of the optional features listed in our [Cookie Policy](/cookie-policy). You can change your choice at any time with Cookie settings at the bottom of every page.{else}we use only cookies that are strictly necessary, namely a session cookie while you are signed in, a device cookie that protects your sign-in and a short-lived message cookie. Our [Cookie Policy](/cookie-policy) describes them.{end}\n\n## Information from others\n\nWe do not buy personal information. If you book a meeting through our online booking page, the scheduling service passes us the details you enter there so that we can hold the meeting.",
        },
        {
          heading: "How we use information",
          anchor: "how-we-use-information",
          markdown:
            "We use personal information to:\n\n- operate the website and your account, including sign-in, e-mail verification and password resets;\n- answer your messages and consultation requests, and schedule and prepare consultations;\n- send the newsletter you subscribed to (every issue has a link to unsubscribe);\n- protect the website, our users and ourselves against spam, fraud and abuse, including automated checks on our forms;\n- understand which pages are useful and improve the website, using aggregated page-view counts;\n- comply with legal obligations and enforce our Terms of Service.\n\nWe do not sell your personal information, we do not share it for cross-context behavioral advertising, and we do not use the information you submit through this website to train artificial intelligence models.",
        },
        {
          heading: "How we share information",
          anchor: "sharing",
          markdown:
            "We share personal information only as follows:\n\n- Service providers that help us run the website and our business, such as hosting, database, e-mail delivery, spam protection and scheduling providers{if optional_cookies}, and, for visitors who allow them, the providers of the optional features listed in our Cookie Policy{end}. They may use the information only to provide their service to us and must protect it.\n- Professional advisers, such as lawyers and accountants, under a duty of confidentiality.\n- Authorities and others when the law requires it, or when it is necessary to protect the rights, property or safety of our users, the public or us.\n- A buyer or successor, if our business or part of it is sold, merged or reorganized; this policy will continue to apply to the information transferred.\n- Anyone else with your consent or at your direction.",
        },
        {
          heading: "How long we keep information",
          anchor: "retention",
          markdown:
            "- **Account information:** while your account is open, and deleted within 30 days after you close it or ask us to delete it.\n- **Newsletter subscriptions:** until you unsubscribe.\n- Contact messages and consultation requests: as long as needed to respond and follow up, and no longer than 24 months after our last contact with you, unless they become part of a client engagement.\n- **Server logs:** up to 90 days, unless needed longer to investigate a security incident.\n- Information we must keep by law, such as records of paid engagements, for the period the law requires.",
        },
        {
          heading: "Security",
          anchor: "security",
          markdown:
            "We protect personal information with safeguards appropriate to its sensitivity, including encrypted connections (HTTPS), hashed passwords, {if optional_cookies}sign-in cookies{else}cookies{end} that scripts cannot read, rate limits on sign-in, and access restricted to the staff who need it. No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If a breach affects your personal information, we will notify you as required by law, including the Florida Information Protection Act.",
        },
        {
          heading: "Your choices and rights",
          anchor: "your-rights",
          markdown:
            "- Unsubscribe from the newsletter at any time with the link in any issue, or by writing to us.\n- Ask us for a copy of the personal information we hold about you, or to correct it.\n- Ask us to delete your personal information, as explained on our [Data Deletion Request](/data-deletion) page.\n- Receive your information in a portable format.\n\nResidents of some states, including California, Colorado, Connecticut, Florida, Texas and Virginia, have these and further rights under their state's privacy laws. We honor the requests above from every user, wherever you live. We will verify your identity before acting on a request, you may use an authorized agent, you may appeal a decision by replying to it, and we will not treat you differently for exercising your rights.\n\n{if tracking_cookies}We do not sell personal information. A Global Privacy Control signal from your browser counts as refusing analytics and marketing cookies, so those features never load for you, and we also treat it as a valid opt-out request.{else}Because we do not sell personal information or use it for targeted advertising, there is nothing to opt out of; we nevertheless treat a Global Privacy Control signal from your browser as a valid opt-out request.{end}",
        },
        {
          heading: "Children's privacy",
          anchor: "children",
          markdown:
            "Our website and services are intended for businesses and are not directed to children. We do not knowingly collect personal information from children under 13. If you believe a child has given us personal information, please contact us and we will delete it.",
        },
        {
          heading: "Third-party websites",
          anchor: "third-party-links",
          markdown:
            "Our website links to other websites and services, such as our product applications, demonstration sites, our booking page and social networks. Their own privacy policies apply to the information you give them, and we encourage you to read them.",
        },
        {
          heading: "Visitors outside the United States",
          anchor: "international",
          markdown:
            "We are based in the United States and process information in the United States. If you use our website from another country, your information will be transferred to and processed in the United States, where data protection laws may differ from those of your country.",
        },
        {
          heading: "Changes to this policy",
          anchor: "changes",
          markdown:
            "We may update this policy from time to time. When we do, we change the “Last updated” date at the top of this page, and if the changes are significant we will tell account holders by e-mail or with a notice on the website before they take effect.",
        },
        {
          heading: "Contact us",
          anchor: "contact",
          markdown:
            "If you have questions about this policy or want to exercise your rights, contact us:\n\n{contact_card:Privacy question}",
        },
      ],
    ),
  ],
};

const termsOfService: PageSeed = {
  address: "/terms-of-service",
  title: "Terms of Service",
  kind: "legal",
  metaTitle: "Terms of Service",
  metaDescription:
    "The terms that govern your use of our website, your account, our newsletter and our contact and consultation forms.",
  legalEffectiveDate: "2025-01-03",
  legalVersion: "",
  blocks: [
    hero(
      "terms-1",
      "Terms of Service",
      "The terms that govern your use of our website, your account, our newsletter and our contact and consultation forms.",
    ),
    legal(
      "terms-2",
      "These Terms of Service (“Terms”) govern your use of the {company_name} website, including any account you create on it, our newsletter and the forms you use to contact us or request a consultation. By using the website you agree to these Terms. If you do not agree, please do not use the website.",
      [
        {
          heading: "About these Terms",
          anchor: "about",
          markdown:
            "These Terms are an agreement between you and {company_name} (“we”, “us” or “our”). Paid services, such as building chatbots, voice agents, automations or websites, consulting engagements and subscriptions to our products, are governed by a separate written agreement, proposal or statement of work. If such an agreement conflicts with these Terms, the agreement controls.\n\nOur [Privacy Policy](/privacy-policy) and [Cookie Policy](/cookie-policy) explain how we handle personal information and are part of these Terms.",
        },
        {
          heading: "Eligibility",
          anchor: "eligibility",
          markdown:
            "You must be at least 18 years old and able to enter into a binding contract to create an account or submit a request. If you use the website on behalf of a company or other organization, you confirm that you have authority to accept these Terms for it, and “you” includes that organization.",
        },
        {
          heading: "Your account",
          anchor: "accounts",
          markdown:
            "- Give accurate information and verify your e-mail address when asked.\n- Keep your password confidential and do not share your account. You are responsible for activity under your account.\n- Tell us promptly if you believe someone has used your account without permission.\n- You may close your account at any time by following the steps on our [Data Deletion Request](/data-deletion) page.\n\nWe may suspend or close an account that breaks these Terms or puts the website or other users at risk.",
        },
        {
          heading: "Acceptable use",
          anchor: "acceptable-use",
          markdown:
            "When using the website you agree not to:\n\n- break any law or infringe anyone's rights, including intellectual property and privacy rights;\n- upload or send malicious code, spam or unsolicited advertising, including through our forms;\n- probe, scan or test the vulnerability of the website, or bypass its security measures, bot checks or rate limits;\n- access the website with automated tools such as scrapers or bots, except search engines that follow our robots.txt file;\n- interfere with the website's operation or place an unreasonable load on it;\n- impersonate anyone or give false information;\n- copy, modify or reverse engineer the website or its content, except as the law expressly allows.",
        },
        {
          heading: "Newsletter and communications",
          anchor: "communications",
          markdown:
            "If you subscribe to our newsletter, we will send it to the e-mail address you give us until you unsubscribe with the link in any issue. If you have an account, we also send messages needed to run it, such as e-mail verification and password reset messages; these are part of the service and are not marketing.",
        },
        {
          heading: "Consultations and proposals",
          anchor: "consultations",
          markdown:
            "A free consultation creates no obligation for you or for us. The recommendations we give are general and based on the information you share; they are not a guarantee that a particular solution will suit your business. Estimates and proposals are not binding until both parties sign a written agreement. If you book through our online booking page, the scheduling provider's own terms also apply.",
        },
        {
          heading: "Intellectual property",
          anchor: "intellectual-property",
          markdown:
            "The website and its content, including text, graphics, logos, product names, designs and software, are owned by {company_name} or its licensors and protected by copyright, trademark and other laws. We grant you a limited, non-exclusive, non-transferable and revocable license to view the website for your personal use or to evaluate our services for your business. All other rights are reserved.",
        },
        {
          heading: "Your submissions and feedback",
          anchor: "submissions",
          markdown:
            "You keep ownership of the information you send us. You give us permission to use it to respond to you and to provide the services you ask for. If you send us ideas or feedback about our website or services, we may use them without any obligation to you. Please do not send confidential business information through our forms unless we have agreed in writing to keep it confidential.",
        },
        {
          heading: "AI features and demonstrations",
          anchor: "ai-content",
          markdown:
            "Parts of the website, such as demonstrations and chat or voice assistants, use artificial intelligence. AI output can be inaccurate, incomplete or out of date, and it is not legal, financial, tax, medical or other professional advice. Check important information before relying on it, and do not share sensitive personal information, such as payment card, health or government identification numbers, with an assistant.",
        },
        {
          heading: "Third-party services and links",
          anchor: "third-party",
          markdown:
            "The website links to and embeds services run by others, such as our product applications, demonstration sites, our booking page and social networks. We do not control them and are not responsible for their content, availability or practices; their own terms and policies apply.",
        },
        {
          heading: "Disclaimers",
          anchor: "disclaimers",
          markdown:
            "THE WEBSITE IS PROVIDED “AS IS” AND “AS AVAILABLE”. TO THE FULLEST EXTENT PERMITTED BY LAW, WE DISCLAIM ALL WARRANTIES, EXPRESS OR IMPLIED, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE AND NON-INFRINGEMENT. We do not promise that the website will be uninterrupted, error-free or free of harmful components.\n\nFigures and results described on the website illustrate outcomes achieved in particular situations. They are not a promise of the results your business will achieve.",
        },
        {
          heading: "Limitation of liability",
          anchor: "liability",
          markdown:
            "TO THE FULLEST EXTENT PERMITTED BY LAW, {company_name|upper} AND ITS OWNERS, EMPLOYEES AND SUPPLIERS WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR LOST PROFITS, REVENUE OR DATA, ARISING FROM YOUR USE OF THE WEBSITE. OUR TOTAL LIABILITY FOR ANY CLAIM ARISING FROM THE WEBSITE IS LIMITED TO ONE HUNDRED U.S. DOLLARS (US$100).\n\nNothing in these Terms limits liability that cannot be limited under applicable law. Liability under a separate agreement for paid services is governed by that agreement.",
        },
        {
          heading: "Indemnification",
          anchor: "indemnification",
          markdown:
            "You agree to defend and indemnify {company_name} against claims, losses and costs, including reasonable attorneys' fees, arising from your breach of these Terms or your misuse of the website.",
        },
        {
          heading: "Suspension and termination",
          anchor: "termination",
          markdown:
            "We may suspend or end your access to the website at any time if you break these Terms or if we need to protect the website or its users. Sections that by their nature should continue, such as intellectual property, disclaimers, limitation of liability, indemnification and governing law, continue after your access ends.",
        },
        {
          heading: "Governing law and disputes",
          anchor: "governing-law",
          markdown:
            "These Terms are governed by the laws of the State of Florida and applicable federal law of the United States, without regard to conflict-of-law rules. Before filing a claim, please contact us so that we can try to resolve the matter informally within 30 days. Any dispute that is not resolved informally will be heard exclusively in the state or federal courts located in Hillsborough County, Florida, and you and we consent to their jurisdiction.",
        },
        {
          heading: "Changes to these Terms",
          anchor: "changes",
          markdown:
            "We may change these Terms from time to time. The “Last updated” date at the top of this page shows when they last changed. If a change is significant, we will give account holders notice by e-mail or on the website before it takes effect. Continuing to use the website after a change takes effect means you accept the updated Terms.",
        },
        {
          heading: "General",
          anchor: "general",
          markdown:
            "These Terms, together with the policies they refer to, are the entire agreement between you and us about the website. If a provision is found unenforceable, the rest remains in effect. Our failure to enforce a provision is not a waiver. You may not transfer your rights under these Terms; we may transfer ours to a successor. Nothing in these Terms creates a partnership, employment or agency relationship.",
        },
        {
          heading: "Contact us",
          anchor: "contact",
          markdown:
            "Questions about these Terms? Contact us:\n\n{contact_card:Terms of Service question}",
        },
      ],
    ),
  ],
};

const cookiePolicy: PageSeed = {
  address: "/cookie-policy",
  title: "Cookie Policy",
  kind: "legal",
  metaTitle: "Cookie Policy",
  metaDescription:
    "{if optional_cookies}Our essential cookies, and the optional cookies of the features listed here, which are set only if you allow them.{else}We use only essential cookies: a sign-in session cookie, a sign-in device cookie and a short-lived message cookie. No advertising or tracking cookies.{end}",
  legalEffectiveDate: "2025-01-03",
  legalVersion: "",
  blocks: [
    hero(
      "cookies-1",
      "Cookie Policy",
      "{if optional_cookies}Our essential cookies, and the optional cookies of the features listed here, which are set only if you allow them.{else}We use only essential cookies: a sign-in session cookie, a sign-in device cookie and a short-lived message cookie. No advertising or tracking cookies.{end}",
    ),
    legal(
      "cookies-2",
      "This Cookie Policy explains how {company_name} uses cookies and similar technologies on this website. In short: {if optional_cookies}we use cookies that are strictly necessary for the website to work and, only if you allow them, the cookies of the optional features listed below.{else}we use only cookies that are strictly necessary for the website to work, and no advertising or tracking cookies.{end}",
      [
        {
          heading: "What cookies are",
          anchor: "what-are-cookies",
          markdown:
            "Cookies are small text files that a website stores in your browser and reads back on later visits. First-party cookies are set by the website you are visiting; third-party cookies are set by other domains. Similar technologies, such as local storage, work in much the same way, and this policy covers them too.",
        },
        {
          heading: "Cookies we use",
          anchor: "cookies-we-use",
          markdown:
            "{if optional_cookies}Our website itself sets at most three cookies, and only when they are needed:{else}Our website sets at most two cookies, and only when they are needed:{end}\n\n{cookie_cards:essential}\n\n{if optional_cookies}The session, device and message cookies are sent only to this website, cannot be read by scripts in the page, are limited to secure connections when the website is served over HTTPS, and contain no advertising identifiers. The cookie-choice cookie holds only your choice and when you made it. Because these cookies are strictly necessary to provide what you ask for, they do not require your consent.{else}These cookies are sent only to this website, cannot be read by scripts in the page, are limited to secure connections when the website is served over HTTPS, and contain no advertising identifiers. Because they are strictly necessary to provide what you ask for, they do not require your consent, and we do not show a cookie banner.{end}",
        },
        {
          heading: "Optional features and their cookies",
          anchor: "optional-cookies",
          when: "optional_cookies",
          markdown:
            "These features of our website are provided by third parties. Each belongs to a category, and it loads, sets cookies or sends anything to its provider only after you allow that category in the cookie banner. Until you choose, and if you refuse, none of them runs.\n\n{cookie_cards:optional}\n\nYou can change your choice at any time with Cookie settings at the bottom of every page.",
        },
        {
          heading: "What we do not use",
          anchor: "what-we-do-not-use",
          markdown:
            "- {if analytics_cookies}**No analytics cookies without your consent:** we count page views on our own servers, without cookies, identifiers or cross-site tracking, and the analytics listed above run only if you allow analytics cookies.{else}**No analytics cookies:** we count page views on our own servers, without cookies, identifiers or cross-site tracking.{end}\n- {if marketing_cookies}No advertising, retargeting or social media tracking cookies or pixels without your consent: scripts in the marketing category run only if you allow marketing cookies.{else}No advertising, retargeting or social media tracking cookies or pixels.{end}\n- {if marketing_cookies}No selling of information collected through cookies.{else}No selling or sharing of information collected through cookies.{end}",
        },
        {
          heading: "Third-party features and links",
          anchor: "third-party",
          markdown:
            "When you follow a link to another website, such as our booking page, a product application, a demonstration site or a social network, that website may set its own cookies under its own policy. Some optional features on our website, such as a live-chat or voice assistant widget or a security check on a form, may be provided by third parties; their providers may store information on your device when you use the feature, and their own privacy and cookie policies apply.",
        },
        {
          heading: "Managing cookies",
          anchor: "managing-cookies",
          markdown:
            "You can view, block and delete cookies in your browser's settings; your browser's help pages explain how. If you block cookies from our website, you can still read every public page, but you will not be able to sign in.{if optional_cookies}\n\nYou can change your choice at any time with Cookie settings at the bottom of every page. If you withdraw your consent, the optional features stop from the next page on{end}{if google_analytics}, and we delete the Google Analytics cookies on this website's domain{end}{if optional_cookies}.{end}",
        },
        {
          heading: "Do Not Track and Global Privacy Control",
          anchor: "signals",
          markdown:
            "{if tracking_cookies}We treat a Global Privacy Control signal from your browser as refusing analytics and marketing cookies: with it, those features do not load and we do not ask you about them. We also honor it as described in our [Privacy Policy](/privacy-policy). Do Not Track has no agreed meaning, so for it we rely on your choice in the cookie banner.{else}Because we do not track visitors across websites, there is nothing for these signals to switch off. We still honor a Global Privacy Control signal as described in our [Privacy Policy](/privacy-policy).{end}",
        },
        {
          heading: "Changes to this policy",
          anchor: "changes",
          markdown:
            "{if optional_cookies}If we change the cookies we use, we will update this policy and its “Last updated” date before the change takes effect. We ask for your consent before any cookie that is not strictly necessary is set, and ask again when a feature of a category you were not asked about is added.{else}If we change the cookies we use, we will update this policy and its “Last updated” date before the change takes effect. If we ever want to use cookies that are not strictly necessary, we will ask for your consent first.{end}",
        },
        {
          heading: "Contact us",
          anchor: "contact",
          markdown: "Questions about cookies? Contact us:\n\n{contact_card:Cookie question}",
        },
      ],
    ),
  ],
};

const dataDeletion: PageSeed = {
  address: "/data-deletion",
  title: "Data Deletion Request",
  kind: "page",
  metaTitle: "Data Deletion Request",
  metaDescription:
    "How to ask us to delete your personal information: verify your identity, submit your request by e-mail, phone or mail, and we process it.",
  blocks: [
    hero(
      "data-deletion-1",
      "Data Deletion Request",
      "How to ask us to delete your personal information: verify your identity, submit your request by e-mail, phone or mail, and we process it.",
    ),
    legal(
      "data-deletion-2",
      "You can ask {company_name} to delete the personal information we hold about you at any time. This page explains what a request covers and the three steps from your request to its completion.",
      [
        {
          heading: "What you can ask us to delete",
          anchor: "what-you-can-delete",
          markdown:
            "- **Your account:** your e-mail address, password hash, profile and sign-in sessions.\n- Your newsletter subscription.\n- Messages you sent through our contact form and consultation requests.\n- Correspondence with us by e-mail, phone or mail, and our notes of consultations.\n- Conversations with the chat or voice assistants on our own website.\n\nOnly want fewer e-mails? Use the unsubscribe link in any newsletter; you do not need to send a deletion request for that.",
        },
        {
          heading: "How to request deletion",
          anchor: "how-to-request",
          style: "steps",
          markdown:
            "## Verify your identity\n\nTo protect your information, we confirm that each request really comes from you. Send your request from the e-mail address you used with us, or tell us that address and we will send a confirmation to it. We may ask a question or two to confirm who you are, but we will never ask for your password. If an authorized agent makes the request for you, we also need your signed permission.\n\n## Submit your request by e-mail, phone or mail\n\nTell us your name, the e-mail address we know you by, and whether you want everything deleted or only specific items, such as your newsletter subscription.\n\n- **E-mail:** [{contact_email}](mailto:{contact_email}?subject=Data%20Deletion%20Request) with the subject “Data Deletion Request”\n- **Phone:** [{contact_phone}](tel:{contact_phone})\n- **Mail:** {company_name}, Attn: Data Deletion Request, {contact_address}\n\n## Processing\n\nWe confirm that we received your request within 10 business days and complete it within 30 days of verifying your identity. If we need more time, as the law allows in some cases, we tell you why and how long. When we are done, we send a final confirmation to your e-mail address; after that, copies in our backups are overwritten within 30 days.",
        },
        {
          heading: "What we may keep",
          anchor: "what-we-keep",
          markdown:
            "We may keep information we are required to keep by law, such as records of paid engagements for tax purposes, or that we need to resolve disputes, prevent fraud or protect the security of our systems. We also keep a minimal record that your request was made and completed. If we keep anything, we tell you what and why.",
        },
        {
          heading: "Data we process for our clients",
          anchor: "client-data",
          markdown:
            "If you talked to a chatbot or voice agent that we operate for another business, on its website, Messenger, Instagram, WhatsApp, Telegram, SMS or phone line, that business controls your information. Please send your request to the business; if you send it to us, we forward it and help the business carry it out.",
        },
        {
          heading: "Questions",
          anchor: "contact",
          markdown:
            "Our [Privacy Policy](/privacy-policy) explains how we handle personal information. For anything else, contact us:\n\n{contact_card:Data Deletion Request}",
        },
      ],
    ),
  ],
};

/** The four legal pages, in the order of the footer's Legal column. */
export const legalPageSeeds: readonly PageSeed[] = [
  privacyPolicy,
  termsOfService,
  cookiePolicy,
  dataDeletion,
];
