import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";

/**
 * A campaign as an e-mail: the site's name on top, the blocks, and a footer saying why the reader
 * gets it with the unsubscribe link. Everything here is already resolved by render.server.tsx
 * (posts read, addresses absolute, markdown made safe HTML), so drawing it reads nothing.
 *
 * React Email turns it into tables with inline styles, the one layout mail clients agree on.
 */

/** The width mail clients are designed for; the content column is this less its padding. */
export const EMAIL_WIDTH = 600;
const PADDING = 24;
export const CONTENT_WIDTH = EMAIL_WIDTH - 2 * PADDING;

export const colors = {
  ink: "#111827",
  muted: "#4b5563",
  line: "#e5e7eb",
  link: "#1d4ed8",
  button: "#1d4ed8",
  page: "#f3f4f6",
} as const;

export const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface EmailImage {
  /** Absolute https address. */
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/** A body block ready to draw. */
export type EmailBlock =
  | { type: "heading"; id: string; text: string; level: "1" | "2" }
  /** Safe HTML from the block's markdown, with inline styles and absolute links. */
  | { type: "text"; id: string; html: string }
  | { type: "image"; id: string; image: EmailImage; href?: string }
  | { type: "button"; id: string; label: string; href: string }
  | { type: "divider"; id: string }
  | {
      type: "postCard";
      id: string;
      title: string;
      excerpt: string;
      url: string;
      cover?: EmailImage;
    };

export interface CampaignEmailProps {
  siteName: string;
  siteUrl: string;
  previewText: string;
  blocks: EmailBlock[];
  /** The reader's unsubscribe address (a placeholder filled per reader). */
  unsubscribeHref: string;
  /** A test mail to staff: the footer says its unsubscribe link does nothing. */
  test?: boolean;
}

const body: CSSProperties = {
  backgroundColor: colors.page,
  margin: 0,
  padding: "24px 0",
  fontFamily,
};
const container: CSSProperties = {
  backgroundColor: "#ffffff",
  maxWidth: `${EMAIL_WIDTH}px`,
  width: "100%",
  color: colors.ink,
};
const paragraph: CSSProperties = { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };
const imageStyle: CSSProperties = {
  display: "block",
  width: "100%",
  maxWidth: `${CONTENT_WIDTH}px`,
  height: "auto",
  border: 0,
};

function MailImage({ image }: { image: EmailImage }) {
  return (
    <Img
      src={image.src}
      alt={image.alt}
      width={CONTENT_WIDTH}
      // The height follows the width on narrow screens; Outlook needs the attribute.
      height={
        image.width && image.height
          ? Math.round((image.height * CONTENT_WIDTH) / image.width)
          : undefined
      }
      style={imageStyle}
    />
  );
}

function Block({ block }: { block: EmailBlock }) {
  switch (block.type) {
    case "heading":
      return block.level === "1" ? (
        <Heading as="h1" style={{ fontSize: "28px", lineHeight: "34px", margin: "8px 0 16px" }}>
          {block.text}
        </Heading>
      ) : (
        <Heading as="h2" style={{ fontSize: "22px", lineHeight: "28px", margin: "8px 0 12px" }}>
          {block.text}
        </Heading>
      );
    case "text":
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the post renderer's allow-list
      return <div dangerouslySetInnerHTML={{ __html: block.html }} />;
    case "image":
      return (
        <Section style={{ margin: "0 0 16px" }}>
          {block.href ? (
            <Link href={block.href}>
              <MailImage image={block.image} />
            </Link>
          ) : (
            <MailImage image={block.image} />
          )}
        </Section>
      );
    case "button":
      return (
        <Section style={{ margin: "8px 0 24px" }}>
          <Button
            href={block.href}
            style={{
              backgroundColor: colors.button,
              color: "#ffffff",
              borderRadius: "6px",
              fontSize: "16px",
              fontWeight: 600,
              padding: "12px 20px",
              textDecoration: "none",
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case "divider":
      return <Hr style={{ borderColor: colors.line, margin: "24px 0" }} />;
    case "postCard":
      return (
        <Section
          style={{ border: `1px solid ${colors.line}`, borderRadius: "8px", margin: "0 0 24px" }}
        >
          {block.cover ? (
            <Link href={block.url}>
              <MailImage image={block.cover} />
            </Link>
          ) : null}
          <Section style={{ padding: "16px" }}>
            <Heading as="h3" style={{ fontSize: "20px", lineHeight: "26px", margin: "0 0 8px" }}>
              <Link href={block.url} style={{ color: colors.ink, textDecoration: "none" }}>
                {block.title}
              </Link>
            </Heading>
            {block.excerpt ? (
              <Text style={{ ...paragraph, color: colors.muted }}>{block.excerpt}</Text>
            ) : null}
            <Link
              href={block.url}
              style={{ color: colors.link, fontWeight: 600, textDecoration: "underline" }}
            >
              Read more
            </Link>
          </Section>
        </Section>
      );
  }
}

export function CampaignEmail(props: CampaignEmailProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      {props.previewText ? <Preview>{props.previewText}</Preview> : null}
      <Body style={body}>
        <Container style={container}>
          <Section
            style={{ padding: `20px ${PADDING}px`, borderBottom: `1px solid ${colors.line}` }}
          >
            <Link
              href={props.siteUrl}
              style={{
                color: colors.ink,
                fontSize: "20px",
                fontWeight: 700,
                textDecoration: "none",
              }}
            >
              {props.siteName}
            </Link>
          </Section>
          <Section style={{ padding: `24px ${PADDING}px 8px` }}>
            {props.blocks.map((block) => (
              <Block key={block.id} block={block} />
            ))}
          </Section>
          <Section
            style={{
              padding: `16px ${PADDING}px 24px`,
              borderTop: `1px solid ${colors.line}`,
              color: colors.muted,
            }}
          >
            {props.test ? (
              <Text style={{ ...paragraph, fontSize: "14px", fontWeight: 600 }}>
                This is a test mail for staff. Its unsubscribe link does nothing.
              </Text>
            ) : null}
            <Text style={{ ...paragraph, fontSize: "14px", lineHeight: "20px" }}>
              You get this mail because you subscribed to the {props.siteName} newsletter.{" "}
              <Link
                href={props.unsubscribeHref}
                style={{ color: colors.muted, textDecoration: "underline" }}
              >
                Unsubscribe
              </Link>{" "}
              at any time, no sign-in needed.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
