// STAND-IN: replaced by the render helper's module at merge.

/** The campaign's mail as it will look (stand-in: the HTML in a frame, then the plain text). */
export function CampaignPreview({ html, text }: { html: string; text: string }) {
  return (
    <div className="grid gap-4">
      <iframe title="The mail, wide" srcDoc={html} sandbox="" className="h-96 w-full border" />
      <section aria-label="The mail as plain text">
        <pre className="whitespace-pre-wrap text-sm">{text}</pre>
      </section>
    </div>
  );
}
