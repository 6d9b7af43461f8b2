import { useNonce } from "~/lib/nonce";

/** A page's structured data, one script each, under the response's CSP nonce. */
export function PageJsonLd({ items }: { items: Record<string, unknown>[] }) {
  const nonce = useNonce();
  return items.map((item, index) => (
    <script
      // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the render
      key={index}
      type="application/ld+json"
      nonce={nonce}
      // JSON is escaped so that no "</script>" in staff's text can end the block.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised data, not markup
      dangerouslySetInnerHTML={{ __html: JSON.stringify(item).replace(/</g, "\\u003c") }}
    />
  ));
}
