import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_REQUIRED_MESSAGE } from "~/schemas/step-up";
import {
  type AdminSession,
  expectVisibleText,
  openAdminTab,
  signedInContext,
  startAdminSession,
} from "../support/admin";
import { authClient } from "../support/auth-client";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  newClientContext,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { mailsTo, waitForMail } from "../support/mail";

// One server: the admin invites through the Team tab, the invitees join through the mailed links,
// and the admin changes and removes them again.
let session: AdminSession;
let adminPage: Page;
const contexts: BrowserContext[] = [];
const stamp = `${process.pid}-${Date.now()}`;
const editorEmail = `editor-${stamp}@example.com`;
const secondAdminEmail = `second-admin-${stamp}@example.com`;
const revokedEmail = `revoked-${stamp}@example.com`;
let editorLink = "";
let editorContext: BrowserContext;
let secondAdminContext: BrowserContext;
const NO_LONGER_VALID = "This invitation link is no longer valid.";

beforeAll(async () => {
  session = await startAdminSession();
  adminPage = await newPage(session.context);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await session?.close();
});

async function openTeam() {
  await openAdminTab(adminPage, "/admin/team", "Team");
  await waitForRouterHydration(adminPage);
}

async function invite(email: string, role: "Admin" | "Editor") {
  await openTeam();
  await adminPage.getByLabel("E-mail address").fill(email);
  await adminPage
    .getByRole("combobox", { name: "Role", exact: true })
    .selectOption({ label: role });
  await adminPage.getByRole("button", { name: "Send invitation" }).click();
  await expectVisibleText(adminPage, "Invitation sent");
  const mail = await waitForMail(session.own.dataDir, email, /You're invited to/);
  const link = mail.links.find((l) => l.includes("/invite/"));
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  return { mail, link };
}

/** Opens the link in a browser of the invitee's own and joins with a new password. */
async function join(link: string) {
  const context = await newClientContext(session.browser, { baseURL: session.own.url });
  contexts.push(context);
  const page = await newPage(context);
  await page.goto(link);
  await waitForRouterHydration(page);
  await page.getByLabel("Choose a password").fill("short");
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expectVisibleText(page, "Password must be at least 6 characters");
  await page.getByLabel("Choose a password").fill("invited password 1");
  await page.getByRole("button", { name: "Create account and join" }).click();
  return { context, page };
}

function memberRow(email: string, page = adminPage) {
  return page.getByRole("row").filter({ hasText: email });
}

/**
 * The admin in a browser of their own, signed in just now: a new session that has not confirmed
 * it's them, so the Team tab asks before a change.
 */
async function unconfirmedAdminPage() {
  const context = await signedInContext(session.browser, session.own.url, session.admin, {
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(context);
  const page = await newPage(context);
  await openAdminTab(page, "/admin/team", "Team");
  await waitForRouterHydration(page);
  return page;
}

/** Answers "Confirm it's you" with the admin's password; focus goes back to `sender`, if given. */
async function confirmInDialog(page: Page, sender?: ReturnType<Page["getByRole"]>) {
  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await confirm.waitFor();
  await confirm.getByLabel("Password").fill(session.admin.password);
  await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
  await confirm.waitFor({ state: "detached" });
  if (sender)
    await expect.poll(() => sender.evaluate((e) => e === document.activeElement)).toBe(true);
}

describe("the Team tab and staff invitations", () => {
  it("shows the team to the admin, and passes an accessibility check", async () => {
    await openTeam();
    await memberRow(session.admin.email).waitFor();
    expect(await adminPage.getByText("No invitations are waiting for an answer.").isVisible()).toBe(
      true,
    );
    await expectNoAxeViolations(adminPage);
  });

  it("asks the admin to confirm it's them before inviting: a session cookie alone is refused", async () => {
    const intruder = `intruder-${stamp}@example.com`;
    const forged = await session.context.request.post(`${session.own.url}/admin/team.data`, {
      headers: { Origin: session.own.url },
      form: { intent: "invite", email: intruder, role: "admin" },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain(CONFIRMATION_REQUIRED_MESSAGE);

    // In the Team tab: "Send invitation" opens the dialog, and the invitation goes once confirmed.
    await openTeam();
    const email = `confirmed-${stamp}@example.com`;
    await adminPage.getByLabel("E-mail address").fill(email);
    const send = adminPage.getByRole("button", { name: "Send invitation" });
    await send.click();
    await adminPage.getByRole("dialog", { name: "Confirm it's you" }).waitFor();
    await expectNoAxeViolations(adminPage);
    await confirmInDialog(adminPage, send);
    await expectVisibleText(adminPage, "Invitation sent");
    await waitForMail(session.own.dataDir, email, /You're invited to/);
    expect(mailsTo(session.own.dataDir, intruder, /You're invited to/)).toHaveLength(0);
    expectCleanPage(adminPage, [/status of 403/]);
  });

  it("never lets the last admin be demoted or removed, not even by a forged request", async () => {
    await openTeam();
    const row = memberRow(session.admin.email);
    expect(await row.getByRole("button", { name: /^Remove/ }).isDisabled()).toBe(true);
    expect(await row.getByRole("combobox").isDisabled()).toBe(true);
    expect(
      await row.getByText("The only admin: make someone else an admin first.").isVisible(),
    ).toBe(true);
    const adminId = await row.locator('input[name="userId"]').getAttribute("value");
    expect(adminId).toBeTruthy();
    const forged: Record<string, string>[] = [
      { intent: "remove", userId: adminId as string },
      { intent: "change-role", userId: adminId as string, role: "editor" },
    ];
    for (const form of forged) {
      const answer = await session.context.request.post(`${session.own.url}/admin/team.data`, {
        headers: { Origin: session.own.url },
        form,
      });
      expect(answer.status()).toBe(409);
      expect(await answer.text()).toContain("The site needs at least one admin");
    }
    // Still the admin: the dashboard opens.
    await openTeam();
  });

  it("mails an editor a single-use link; the invitee chooses a password and lands in the dashboard", async () => {
    const { mail, link } = await invite(editorEmail, "Editor");
    editorLink = link;
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(session.admin.email);
    expect(mail.text).toContain("Role: Editor");
    expect(mail.text).toContain("expires in 7 days");
    // The admin sees it pending.
    await openTeam();
    const pending = adminPage
      .getByRole("table", { name: "Pending invitations" })
      .getByRole("row")
      .filter({ hasText: editorEmail });
    await pending.waitFor();

    const { context, page } = await join(link);
    editorContext = context;
    // An editor lands in the dashboard.
    await page.waitForURL((url) => url.pathname === "/admin");
    await expectVisibleText(page, "Welcome to the team");
    expectCleanPage(page);

    // An editor publishes a post.
    const title = `Written by the new editor ${stamp}`;
    const created = await context.request.post(`${session.own.url}/api/create-blog-post`, {
      headers: { Origin: session.own.url },
      data: { title, content: "The editor's first post.", published: true },
    });
    expect(created.status()).toBe(201);
    const blog = await context.request.get(`${session.own.url}/blog`);
    expect(await blog.text()).toContain(title);
  });

  it("refuses the same link a second time", async () => {
    const context = await newClientContext(session.browser, { baseURL: session.own.url });
    contexts.push(context);
    const page = await newPage(context);
    const answer = await page.goto(editorLink);
    expect(answer?.status()).toBe(410);
    await expectVisibleText(page, "Invitation not valid");
    expect(await page.getByRole("alert").textContent()).toContain(NO_LONGER_VALID);
    const forged = await context.request.post(editorLink, {
      headers: { Origin: session.own.url },
      form: { password: "another password 1" },
    });
    expect(forged.status()).toBe(410);
  });

  it("invites an admin who lands in the dashboard; a revoked invitation's link stops working", async () => {
    const { link } = await invite(secondAdminEmail, "Admin");
    const joined = await join(link);
    secondAdminContext = joined.context;
    await joined.page.waitForURL((url) => url.pathname === "/admin");
    await expectVisibleText(joined.page, "Welcome to the team");
    await openAdminTab(joined.page, "/admin/team", "Team");
    expectCleanPage(joined.page);

    const first = await invite(revokedEmail, "Editor");
    await openTeam();
    const pending = adminPage
      .getByRole("table", { name: "Pending invitations" })
      .getByRole("row")
      .filter({ hasText: revokedEmail });
    // Resending mails a new link and retires the first one.
    await pending.getByRole("button", { name: /^Resend/ }).click();
    await expectVisibleText(adminPage, "Invitation sent again");
    await expect
      .poll(() => mailsTo(session.own.dataDir, revokedEmail, /You're invited to/).length)
      .toBe(2);
    const resent = mailsTo(session.own.dataDir, revokedEmail, /You're invited to/)[1];
    const second = resent?.text.match(/https?:\/\/\S+\/invite\/\S+/)?.[0] ?? "";
    expect(second).not.toBe(first.link);
    await pending.getByRole("button", { name: /^Revoke/ }).click();
    await expectVisibleText(adminPage, "Invitation revoked");
    await pending.waitFor({ state: "detached" });
    const page = await newPage(secondAdminContext);
    for (const link of [first.link, second]) {
      const answer = await page.goto(link);
      expect(answer?.status()).toBe(410);
    }
    await page.close();
  });

  it("changes a role, and removing a member signs them out at once, each after confirming", async () => {
    // Two admins now: either may be demoted; the second becomes an editor. A session that has
    // not confirmed it's the admin is asked first.
    const rolePage = await unconfirmedAdminPage();
    const second = memberRow(secondAdminEmail, rolePage);
    await second.getByRole("combobox").selectOption("editor");
    const save = second.getByRole("button", { name: /^Save/ });
    await save.click();
    await confirmInDialog(rolePage, save);
    await expectVisibleText(rolePage, "Role changed");
    expectCleanPage(rolePage, [/status of 403/]);
    await rolePage.close();
    // The only admin again: locked.
    await openTeam();
    expect(
      await memberRow(session.admin.email)
        .getByRole("button", { name: /^Remove/ })
        .isDisabled(),
    ).toBe(true);

    // The invited editor's browser is open; the admin removes them (from another new session:
    // "Confirm it's you" opens over the removal's own dialog).
    const removePage = await unconfirmedAdminPage();
    await memberRow(editorEmail, removePage)
      .getByRole("button", { name: /^Remove/ })
      .click();
    const removeMember = removePage
      .getByRole("alertdialog", { name: /^Remove/ })
      .getByRole("button", { name: "Remove member" });
    await removeMember.click();
    await removePage.getByRole("dialog", { name: "Confirm it's you" }).waitFor();
    await expectNoAxeViolations(removePage);
    // Focus then goes where the removal's dialog sends it (the member's row is going away).
    await confirmInDialog(removePage);
    await expectVisibleText(removePage, "Member removed");
    await memberRow(editorEmail, removePage).waitFor({ state: "detached" });
    expectCleanPage(removePage, [/status of 403/]);
    await removePage.close();

    const page = await newPage(editorContext);
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await page.close();
  });

  it("takes over an unverified account at the invited address: its earlier password stops working", async () => {
    // Anyone can sign up with any address; the invitee's password replaces theirs.
    const client = authClient(session.own.url);
    const squatter = `squatter-${stamp}@example.com`;
    await client.signUp(session.own.dataDir, squatter, "squatter password 1", false);
    const { link } = await invite(squatter, "Editor");
    const { page } = await join(link);
    await page.waitForURL((url) => !url.pathname.startsWith("/invite/"));
    expect((await client.signIn(squatter, "squatter password 1")).status).toBe(401);
    expect((await client.signIn(squatter, "invited password 1")).status).toBe(200);
    await openTeam();
    expect(await memberRow(squatter).getByRole("combobox").inputValue()).toBe("editor");
  });

  it("someone who already has an account signs in first, then accepts", async () => {
    // The removed editor keeps their (verified) account: invited again, they sign in to accept.
    const { link } = await invite(editorEmail, "Editor");
    const context = await newClientContext(session.browser, { baseURL: session.own.url });
    contexts.push(context);
    const page = await newPage(context);
    await page.goto(link);
    await page.getByRole("link", { name: "Sign in to accept" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(editorEmail);
    await form.getByLabel("Password").fill("invited password 1");
    await form.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/invite/"));
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/invite/"));
    await openTeam();
    expect(await memberRow(editorEmail).getByRole("combobox").inputValue()).toBe("editor");
    expect((await context.request.get(link)).status()).toBe(410);
  });

  it("lists every change in the audit log", async () => {
    await openAdminTab(adminPage, "/admin/audit-log", "Audit log");
    const text = (await adminPage.locator("main").textContent()) ?? "";
    for (const entry of [
      "invited team member",
      "accepted team invitation",
      "revoked team invitation",
      "changed role of team member",
      "removed team member",
    ]) {
      expect(text).toContain(entry);
    }
    expect(text).toContain(editorEmail);
    // The first invitation's 403 asked to confirm (the same page, earlier).
    expectCleanPage(adminPage, [/status of 403/]);
  });
});
