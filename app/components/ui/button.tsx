import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cloneElement, isValidElement } from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary-strong text-white shadow-sm hover:bg-primary-deep",
        outline: "border border-line bg-white text-ink hover:bg-surface",
        ghost: "text-ink hover:bg-surface",
        destructive: "bg-danger text-white hover:bg-red-800",
        link: "text-primary-strong underline-offset-4 hover:underline",
        /** On a coloured band: white button, brand text. */
        inverse: "bg-white text-primary-strong shadow-sm hover:bg-indigo-50",
        /** On a coloured band: outlined in white. */
        inverseOutline: "border border-white/70 bg-transparent text-white hover:bg-white/10",
      },
      size: {
        default: "h-10 whitespace-nowrap px-4 py-2",
        sm: "h-9 whitespace-nowrap px-3",
        lg: "h-12 whitespace-nowrap px-6 text-base",
        icon: "size-10",
        /** Grows to fit a label that may wrap on a narrow screen. */
        wrap: "min-h-10 px-4 py-2.5 text-center",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  children,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  // asChild: style the one child (a link) as a button instead of wrapping it in one.
  if (asChild && isValidElement<{ className?: string }>(children)) {
    return cloneElement(children, {
      ...(props as object),
      "data-slot": "button",
      className: cn(classes, children.props.className),
    } as { className: string });
  }
  return (
    <button data-slot="button" className={classes} {...props}>
      {children}
    </button>
  );
}
