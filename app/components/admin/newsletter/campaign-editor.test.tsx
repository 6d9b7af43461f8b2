import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { FieldControls } from "~/components/admin/editor/field-controls";
import { WithoutPlaceholderValues } from "~/components/admin/editor/insert-value";
import type { CampaignStatus } from "~/newsletter/campaign";
import { campaignBlockCatalog } from "~/newsletter/campaign-block-fields";
import type { EditorCampaign } from "~/newsletter/campaign-save";
import { CampaignEditor } from "./campaign-editor";

function campaign(status: CampaignStatus): EditorCampaign {
  return {
    id: 7,
    status,
    version: 3,
    editable: status === "draft" || status === "scheduled",
    postId: null,
    savedAt: "2026-11-01T10:00:00.000Z",
    draft: {
      subject: "Autumn news",
      previewText: "",
      fromName: "",
      replyTo: "news@example.com",
      audienceTags: ["webinar"],
      body: [
        { id: "h", type: "heading", v: 1, text: "What changed", level: "1" },
        { id: "t", type: "text", v: 1, markdown: "Read [more](/blog)." },
      ],
    },
  };
}

function render(status: CampaignStatus) {
  const element = (
    <CampaignEditor
      campaign={campaign(status)}
      fromPost={null}
      posts={[]}
      tags={[{ tag: "footer", count: 4 }]}
      confirmed={9}
      sending={{
        campaign: { id: 7, status, scheduledAt: null, startedAt: null, finishedAt: null },
        counts: {
          recipients: 9,
          queued: 4,
          sent: 5,
          failed: 0,
          skipped: 0,
          bounced: 0,
          unsubscribed: 0,
        },
        audience: 9,
        staffEmail: "staff@example.com",
        timeZone: "UTC",
      }}
    />
  );
  const router = createMemoryRouter([{ path: "*", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("the campaign editor", () => {
  it("edits a draft: its fields, its blocks, the audience's tags", () => {
    const markup = render("draft");
    expect(markup).toContain('value="Autumn news"');
    expect(markup).toContain('value="news@example.com"');
    expect(markup).toContain("1. Heading");
    expect(markup).toContain("What changed");
    // The tags staff may choose, the campaign's own kept though nobody carries it now.
    expect(markup).toContain("footer (4 subscribers)");
    expect(markup).toContain("webinar (0 subscribers)");
    // The stored campaign's send panel beside it.
    expect(markup).toContain("Send test");
  });

  it("offers no settings values in a block's fields: a mail fills in no {company_name}", () => {
    const fields = (
      <FieldControls
        fields={campaignBlockCatalog([]).fields("button")}
        values={{ label: "Read more", href: "/blog" }}
        onPatch={() => {}}
        scope={{ blockId: "b1", base: "", errors: undefined }}
      />
    );
    const markup = (element: ReactNode) =>
      renderToStaticMarkup(
        <RouterProvider router={createMemoryRouter([{ path: "*", element }])} />,
      );
    expect(markup(fields)).toContain("Insert value");
    const inCampaign = markup(<WithoutPlaceholderValues>{fields}</WithoutPlaceholderValues>);
    expect(inCampaign).toContain("Button text");
    expect(inCampaign).not.toContain("Insert value");
  });

  it("shows a campaign that is being sent without a way to change it", () => {
    for (const status of ["sending", "sent"] as const) {
      const markup = render(status);
      expect(markup).toContain("can no longer be edited");
      expect(markup).toContain("Autumn news");
      expect(markup).toContain("What changed");
      expect(markup).toContain("Subscribers tagged webinar");
      expect(markup).not.toContain("<input");
      expect(markup).not.toContain("Add block");
    }
    // While it sends, the panel beside it pauses it.
    expect(render("sending")).toContain("Pause");
  });
});
