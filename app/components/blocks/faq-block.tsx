import { ChevronDown } from "lucide-react";
import { Section } from "~/components/marketing/section";
import type { BlockViewOf } from "~/pages/view";

/**
 * Questions that open to their answers. Native <details>, so it works before the page's script
 * has loaded and every answer is in the HTML (the page's FAQ structured data repeats them).
 */
export function FaqBlock({ block }: { block: BlockViewOf<"faq"> }) {
  return (
    <Section id={block.anchor || undefined} title={block.title || undefined}>
      <ul className="mx-auto max-w-3xl divide-y divide-line rounded-2xl border border-line bg-white shadow-sm">
        {block.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
          <li key={index}>
            <details className="group px-6 py-5">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-semibold text-ink [&::-webkit-details-marker]:hidden">
                <span className="min-w-0 break-words">{item.question}</span>
                <ChevronDown
                  aria-hidden
                  className="mt-0.5 size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="mt-3 whitespace-pre-line break-words text-muted">{item.answer}</p>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  );
}
