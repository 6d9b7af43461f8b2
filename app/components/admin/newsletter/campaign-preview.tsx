import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";

/** The width of a common phone's screen, in CSS pixels (the frame's w-[375px] below). */
const PHONE_WIDTH = 375;

function MailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      srcDoc={html}
      // No scripts, forms, or navigation of this page: the mail is looked at, never run.
      sandbox=""
      className="block h-[70vh] min-h-96 w-full rounded-md border border-line bg-white"
    />
  );
}

/**
 * A campaign's mail as readers get it: drawn wide (a desktop mail client), at a phone's width,
 * and as the plain-text part. The panes stay in the page so switching is instant.
 */
export function CampaignPreview({ html, text }: { html: string; text: string }) {
  const [view, setView] = useState("wide");
  return (
    <Tabs value={view} onValueChange={setView}>
      <TabsList aria-label="Preview the mail as" className="grid-cols-3 sm:max-w-md">
        <TabsTrigger value="wide">Wide</TabsTrigger>
        <TabsTrigger value="phone">Phone</TabsTrigger>
        <TabsTrigger value="text">Plain text</TabsTrigger>
      </TabsList>
      <TabsContent value="wide" forceMount hidden={view !== "wide"}>
        <MailFrame html={html} title="The mail, wide" />
      </TabsContent>
      <TabsContent value="phone" forceMount hidden={view !== "phone"}>
        <div className="mx-auto w-[375px] max-w-full">
          <MailFrame html={html} title={`The mail at a phone's width (${PHONE_WIDTH} px)`} />
        </div>
      </TabsContent>
      <TabsContent value="text" forceMount hidden={view !== "text"}>
        <pre
          // Scrolls on its own, so it must take the keyboard focus to scroll without a mouse.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus
          tabIndex={0}
          className="max-h-[70vh] overflow-auto whitespace-pre-wrap rounded-md border border-line bg-white p-4 font-mono text-sm text-ink"
        >
          {text}
        </pre>
      </TabsContent>
    </Tabs>
  );
}
