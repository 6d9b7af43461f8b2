import { ArrowRight, CheckCircle2 } from "lucide-react";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { IMAGE_SIZES } from "~/media/responsive";
import type { ProductShowcaseView } from "~/pages/view";
import { BlockImage } from "./block-image";
import { BlockAnchor } from "./block-link";

/** Products in alternating rows, as on the home page. */
export function ProductShowcaseBlock({ block }: { block: ProductShowcaseView }) {
  return (
    <Section
      id={block.anchor || undefined}
      eyebrow={block.eyebrow}
      title={block.title}
      intro={block.intro}
    >
      <div className="space-y-20">
        {block.products.map((product, index) => (
          <article
            // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
            key={index}
            // The home page's tests find its products by this name (test-hooks.ts).
            data-testid="home-product"
            className={cn("grid items-center gap-10", product.src && "lg:grid-cols-2 lg:gap-16")}
          >
            {product.src ? (
              <div className={cn(index % 2 === 1 && "lg:order-2")}>
                <BlockImage
                  src={product.src}
                  picture={product.picture}
                  size={product.size}
                  alt={product.alt}
                  sizes={IMAGE_SIZES.half}
                  className="h-auto w-full rounded-3xl shadow-lg"
                />
              </div>
            ) : null}
            <div className={cn("min-w-0", !product.src && "mx-auto max-w-3xl")}>
              {product.badge ? (
                <span className="inline-flex rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-primary-strong">
                  {product.badge}
                </span>
              ) : null}
              <h3
                className={cn(
                  "text-3xl font-bold tracking-tight break-words text-ink",
                  product.badge && "mt-4",
                )}
              >
                {product.name}
              </h3>
              <p className="mt-4 text-lg text-muted">{product.description}</p>
              {product.features.length > 0 ? (
                <ul className="mt-6 space-y-3">
                  {product.features.map((feature, featureIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
                    <li key={featureIndex} className="flex gap-3">
                      <CheckCircle2
                        aria-hidden
                        className="mt-0.5 size-5 shrink-0 text-emerald-600"
                      />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {product.href ? (
                <Button asChild className="mt-8">
                  <BlockAnchor href={product.href}>
                    {product.linkLabel || "Learn More"}
                    <span className="sr-only"> about {product.name}</span>
                    <ArrowRight aria-hidden />
                  </BlockAnchor>
                </Button>
              ) : null}
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}
