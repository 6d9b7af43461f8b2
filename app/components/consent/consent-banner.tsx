import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  type ConsentState,
  categoryText,
  decideAll,
  gpcRejected,
  isGranted,
  type OptionalCategory,
  widgetCategory,
} from "~/consent/consent";
import type { PublicWidget } from "~/content/widgets";
import { cn } from "~/lib/utils";

export type Decisions = Partial<Record<OptionalCategory, boolean>>;

/** How each integration is named to visitors. */
export const serviceNames: Record<PublicWidget["name"], string> = {
  chatwoot: "live chat (Chatwoot)",
  vapi: "the voice assistant (Vapi)",
  google_analytics: "Google Analytics",
  "custom-code": "our additional scripts",
};

function servicesIn(widgets: PublicWidget[], category: OptionalCategory) {
  return widgets
    .filter((widget) => widgetCategory(widget) === category)
    .map((w) => serviceNames[w.name]);
}

function sentence(items: string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

interface ConsentBannerProps {
  widgets: PublicWidget[];
  consent: ConsentState;
  /** The categories the enabled integrations need. */
  needed: OptionalCategory[];
  /** Those still undecided: the banner cannot be closed without a choice on them. */
  toAsk: OptionalCategory[];
  view: "banner" | "settings";
  onSettings: () => void;
  onChoose: (decisions: Decisions) => void;
  onClose: () => void;
}

/**
 * The consent banner and its settings view: a region at the bottom of the screen (fixed, so it
 * shifts nothing), first in the page's tab order. Accept all and Reject all look the same.
 */
export function ConsentBanner(props: ConsentBannerProps) {
  const { widgets, consent, needed, toAsk, view } = props;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Global Privacy Control has already answered for these; the visitor is not asked.
  const choosable = needed.filter((category) => !(consent.gpc && gpcRejected.includes(category)));
  const gpcAnswered = needed.filter((category) => consent.gpc && gpcRejected.includes(category));
  const all = (granted: boolean) => props.onChoose(decideAll(choosable, granted));

  // Settings are asked for (a button): the visitor is taken to them.
  useEffect(() => {
    if (view === "settings") heading.current?.focus();
  }, [view]);

  useEffect(() => {
    if (view !== "settings") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") props.onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [view, props.onClose]);

  const services = sentence(toAsk.flatMap((category) => servicesIn(widgets, category)));

  return (
    <section
      aria-labelledby={headingId}
      data-consent-banner=""
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4"
    >
      <div className="mx-auto max-h-[85dvh] max-w-3xl overflow-y-auto rounded-2xl border border-line bg-white p-5 text-sm text-slate-700 shadow-2xl sm:p-6">
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-ink focus:outline-none"
        >
          {view === "settings" ? "Cookie settings" : "Cookies on this site"}
        </h2>
        {view === "banner" ? (
          <>
            <p className="mt-2 leading-6">
              We use necessary cookies to run this site. With your permission we would also use{" "}
              {services}. Nothing optional runs until you choose. <PolicyLink />
            </p>
            {gpcAnswered.length > 0 ? <GpcNote /> : null}
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Button type="button" onClick={() => all(true)}>
                Accept all
              </Button>
              <Button type="button" onClick={() => all(false)}>
                Reject all
              </Button>
              <Button type="button" variant="outline" onClick={props.onSettings}>
                Settings
              </Button>
            </div>
          </>
        ) : (
          <Settings {...props} choosable={choosable} gpcAnswered={gpcAnswered} onAll={all} />
        )}
      </div>
    </section>
  );
}

function PolicyLink() {
  return (
    <Link
      to="/cookie-policy"
      className="font-medium text-primary-strong underline underline-offset-4"
    >
      Cookie Policy
    </Link>
  );
}

function GpcNote() {
  return (
    <p className="mt-2 leading-6">
      Your browser sends Global Privacy Control, so analytics and marketing stay off.
    </p>
  );
}

function Settings({
  widgets,
  consent,
  choosable,
  gpcAnswered,
  toAsk,
  onChoose,
  onClose,
  onAll,
}: ConsentBannerProps & {
  choosable: OptionalCategory[];
  gpcAnswered: OptionalCategory[];
  onAll: (granted: boolean) => void;
}) {
  const [draft, setDraft] = useState<Decisions>(() =>
    Object.fromEntries(choosable.map((category) => [category, isGranted(consent, category)])),
  );
  const rows: { category: "necessary" | OptionalCategory; locked?: string }[] = [
    { category: "necessary", locked: "Always on" },
    ...choosable.map((category) => ({ category })),
    ...gpcAnswered.map((category) => ({ category, locked: "Off: Global Privacy Control" })),
  ];
  return (
    <>
      <p className="mt-2 leading-6">
        {choosable.length > 0
          ? "Choose what may run on this site. You can change this at any time with Cookie settings at the bottom of every page."
          : "This site runs nothing that needs your permission right now, so there is nothing to choose."}{" "}
        <PolicyLink />
      </p>
      <ul className="mt-4 divide-y divide-line rounded-xl border border-line">
        {rows.map(({ category, locked }) => {
          const id = `consent-${category}`;
          const used =
            category === "necessary" ? [] : servicesIn(widgets, category as OptionalCategory);
          const checked = locked
            ? category === "necessary"
            : draft[category as OptionalCategory] === true;
          return (
            <li key={category} className="flex items-start justify-between gap-4 p-4">
              <div>
                <label htmlFor={id} className="font-semibold text-ink">
                  {categoryText[category].label}
                </label>
                <p id={`${id}-description`} className="mt-1 leading-6">
                  {categoryText[category].description}
                  {used.length > 0 ? ` Used by ${sentence(used)}.` : ""}
                  {locked && category !== "necessary"
                    ? " Your browser sends Global Privacy Control, so this stays off."
                    : ""}
                </p>
              </div>
              <input
                id={id}
                type="checkbox"
                role="switch"
                aria-checked={checked}
                aria-describedby={`${id}-description`}
                checked={checked}
                disabled={locked !== undefined}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, [category]: event.target.checked }))
                }
                className={cn(
                  "mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors",
                  "before:mt-0.5 before:block before:size-5 before:translate-x-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
                  "checked:bg-primary-strong checked:before:translate-x-[1.375rem]",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                  "disabled:cursor-not-allowed disabled:opacity-70",
                )}
              />
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {choosable.length > 0 ? (
          <>
            <Button type="button" onClick={() => onChoose(draft)}>
              Save choices
            </Button>
            <Button type="button" variant="outline" onClick={() => onAll(true)}>
              Accept all
            </Button>
            <Button type="button" variant="outline" onClick={() => onAll(false)}>
              Reject all
            </Button>
          </>
        ) : null}
        {toAsk.length === 0 ? (
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
        ) : null}
      </div>
    </>
  );
}
