import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminSession, openAdminTab, startAdminSession } from "../support/admin";
import { expectCleanPage, newPage } from "../support/browser";
import { type FakeZapier, startFakeZapier } from "../support/fake-zapier";
import { apiClient, newSubmissionKey, solveBotCheck, uniqueEmail } from "../support/forms";

// One server for the file, with a fast job runner (retries come after 6 ticks, doubling) and
// the outbound rule lifted for the local fake.
let session: AdminSession;
let zapier: FakeZapier;
const API_KEY = "zap-e2e-signing-key";

beforeAll(async () => {
  zapier = await startFakeZapier();
  session = await startAdminSession({ ALLOW_PRIVATE_OUTBOUND: "1", JOBS_INTERVAL_MS: "200" });
});
afterAll(async () => {
  await session?.close();
  await zapier?.close();
});

/** A form post as the Integrations tab sends it (same origin). */
async function postIntegrations(form: Record<string, string>) {
  const response = await session.context.request.post("/admin/integrations", {
    form,
    headers: { origin: session.own.url },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
}

describe("Zapier webhooks", () => {
  it("sends a new lead signed, retries after two 500s, and lists it delivered", async () => {
    await postIntegrations({
      intent: "save-config",
      integration: "zapier",
      webhookUrl: zapier.url,
      apiKey: API_KEY,
    });
    await postIntegrations({ intent: "toggle", integration: "zapier", enabled: "true" });
    zapier.answerWith(500, 500);

    const email = uniqueEmail("zapier-lead");
    const submitted = await apiClient(session.own.url).post("/api/contact", {
      firstName: "Grace",
      lastName: "Hopper",
      email,
      confirmEmail: email,
      phone: "",
      comments: "Please call me back.",
      consent: true,
      submissionKey: newSubmissionKey(),
      botCheck: await solveBotCheck(session.own.url),
    });
    expect(submitted.status).toBe(200);

    const hooks = await zapier.waitForRequests(3, 30_000);
    expect(hooks.map((h) => h.answered)).toEqual([500, 500, 200]);
    // A retry is the same delivery: the same bytes, so the same id and signature.
    expect(new Set(hooks.map((h) => h.body)).size).toBe(1);
    const [hook] = hooks;
    const body = JSON.parse(hook?.body ?? "{}");
    expect(body).toMatchObject({
      event: "lead.created",
      data: { form: "contact", email, first_name: "Grace", comments: "Please call me back." },
    });
    const expected = `sha256=${createHmac("sha256", API_KEY)
      .update(hook?.body ?? "")
      .digest("hex")}`;
    expect(hook?.headers["x-signature-sha256"]).toBe(expected);

    const page = await newPage(session.context);
    await openAdminTab(page, "/admin/integrations", "Integrations");
    await page.getByRole("link", { name: "Deliveries", exact: true }).click();
    await page.getByRole("heading", { name: "Deliveries", exact: true }).waitFor();
    const row = page.locator(`tr[data-delivery="${body.id}"]`);
    // Each cell's value (its last span; the first is the label a phone shows).
    const cells = () =>
      row
        .locator("td > span:last-child")
        .evaluateAll((spans) => spans.slice(0, 5).map((span) => span.textContent));
    await expect
      .poll(async () => {
        await page.reload();
        return cells();
      })
      .toEqual([`lead.created#${body.id}`, "Zapier", "Delivered", "3", '200 {"status":"success"}']);

    // Resending a delivered event sends it again under a new id (a receiver drops repeats).
    await row.getByRole("button", { name: /^Resend/ }).click();
    await page.getByText("Queued again", { exact: true }).first().waitFor();
    const [, , , again] = await zapier.waitForRequests(4, 15_000);
    const resent = JSON.parse(again?.body ?? "{}");
    expect(resent.event).toBe("lead.created");
    expect(resent.id).not.toBe(body.id);
    expectCleanPage(page);
  });
});
