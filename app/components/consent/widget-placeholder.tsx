import { MessageCircle, Mic } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { type ChatWidget, type VoiceWidget, voiceButtonDefaults } from "~/content/widgets";
import { cn } from "~/lib/utils";

const copy = {
  chatwoot: {
    button: "Chat with us",
    title: "Live chat",
    text: "The chat is provided by Chatwoot. Starting it loads their script, which stores cookies on your device to keep your conversation.",
    allow: "Allow and chat",
  },
  vapi: {
    button: "Talk to our AI assistant",
    title: "Voice assistant",
    text: "The voice assistant is provided by Vapi. Starting it loads their script; during a call your voice is sent to Vapi and its call provider.",
    allow: "Allow the voice assistant",
  },
} as const;

/**
 * Stands in for a chat or voice widget the visitor has not allowed: a small button that explains
 * what the real one would load and asks before loading it. Fixed in a corner, so it shifts nothing.
 */
export function WidgetPlaceholder({
  widget,
  onAllow,
  onSettings,
}: {
  widget: ChatWidget | VoiceWidget;
  onAllow: () => void;
  onSettings: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const text = copy[widget.name];
  const left =
    widget.name === "vapi" &&
    (widget.buttonPosition || voiceButtonDefaults.position).includes("left");
  const Icon = widget.name === "chatwoot" ? MessageCircle : Mic;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div
      data-widget-placeholder={widget.name}
      className={cn(
        "fixed bottom-5 z-40 flex flex-col gap-3",
        left ? "left-5 items-start" : "right-5 items-end",
      )}
    >
      {open ? (
        <section
          id={panelId}
          aria-label={text.title}
          className="w-72 max-w-[calc(100vw-2.5rem)] rounded-2xl border border-line bg-white p-4 text-sm text-slate-700 shadow-xl"
        >
          <h2 className="font-semibold text-ink">{text.title}</h2>
          <p className="mt-1 leading-6">{text.text}</p>
          <div className="mt-3 flex flex-col gap-2">
            <Button type="button" onClick={onAllow}>
              {text.allow}
            </Button>
            <Button type="button" variant="outline" onClick={onSettings}>
              Cookie settings
            </Button>
          </div>
        </section>
      ) : null}
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-14 items-center justify-center rounded-full bg-primary-strong text-white shadow-lg transition-colors hover:bg-primary-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Icon aria-hidden className="size-6" />
        <span className="sr-only">{text.button}</span>
      </button>
    </div>
  );
}
