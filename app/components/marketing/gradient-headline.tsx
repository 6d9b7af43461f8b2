import { cn } from "~/lib/utils";

/**
 * The home page's headline: large, its last word in the brand gradient. Drawn by the home route
 * and by a hero block in the "spotlight" style.
 */
export function GradientHeadline({
  text,
  as: Heading = "h1",
  className,
}: {
  text: string;
  as?: "h1" | "h2";
  className?: string;
}) {
  const words = text.trim().split(/\s+/);
  const last = words.pop() ?? "";
  return (
    <Heading
      className={cn("text-4xl font-extrabold tracking-tight text-ink sm:text-6xl", className)}
    >
      {words.join(" ")}{" "}
      <span className="bg-gradient-to-r from-primary-strong to-accent bg-clip-text text-transparent">
        {last}
      </span>
    </Heading>
  );
}
