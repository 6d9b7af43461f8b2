import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "AI Solutions | Artificial Intelligence and Creativity" },
  {
    name: "description",
    content:
      "AI chatbots, voice agents, process automation, web development and marketing automation for small and medium businesses.",
  },
];

export default function Home() {
  return (
    <section
      id="home"
      className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white"
    >
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <span className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white px-4 py-1.5 text-sm font-medium text-primary-strong">
          <Sparkles aria-hidden className="size-4" />
          AI-Powered Business Solutions
        </span>
        <h1 className="mt-8 text-4xl font-extrabold tracking-tight text-ink sm:text-6xl">
          Artificial Intelligence and{" "}
          <span className="bg-gradient-to-r from-primary to-accent bg-clip-text text-transparent">
            Creativity
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted">
          We build AI agents, automations and websites that help small and medium businesses serve
          customers faster and grow.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <a href="/#products">
              Explore Our Products <ArrowRight aria-hidden />
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/schedule-consultation">Schedule Consultation</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
