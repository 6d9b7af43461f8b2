import { describe, expect, it } from "vitest";
import { readTokenForm } from "./token-form.server";

const url = "https://example.com/newsletter/unsubscribe";
const form = (body: string, init: RequestInit = {}) =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
    ...init,
  });

describe("readTokenForm", () => {
  it("reads the token the page's button posts", async () => {
    expect(await readTokenForm(form("token=abc_DEF-123"))).toEqual({
      ok: true,
      token: "abc_DEF-123",
    });
  });

  it("answers a missing or non-text token with an empty one, which names no subscriber", async () => {
    expect(await readTokenForm(form("other=1"))).toEqual({ ok: true, token: "" });
    const json = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: ["a", "b"] }),
    });
    expect(await readTokenForm(json)).toEqual({ ok: true, token: "" });
  });

  it("refuses other methods and unreadable bodies with a client error, not a server error", async () => {
    expect(await readTokenForm(form("token=x", { method: "DELETE" }))).toEqual({
      ok: false,
      status: 405,
    });
    const malformed = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: " ",
    });
    expect(await readTokenForm(malformed)).toEqual({ ok: false, status: 400 });
    const plain = new Request(url, { method: "POST", body: "token=x" });
    expect(await readTokenForm(plain)).toMatchObject({ ok: false, status: 415 });
  });
});
