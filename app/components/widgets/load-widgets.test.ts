import { describe, expect, it } from "vitest";
import { analyticsAddress, voiceButtonConfig } from "./load-widgets";

describe("the voice button", () => {
  it("uses the spec's defaults where the admin set nothing", () => {
    const config = voiceButtonConfig({ name: "vapi", publicKey: "pk", assistantId: "as" });
    expect(config).toMatchObject({
      position: "bottom-left",
      offset: "20px",
      width: "60px",
      height: "60px",
      loading: { title: "Connecting...", subtitle: "Please wait" },
      active: { title: "Call is in progress...", subtitle: "End the call." },
    });
  });

  it("uses every value the admin set", () => {
    const config = voiceButtonConfig({
      name: "vapi",
      publicKey: "pk",
      assistantId: "as",
      buttonText: "Talk to Ava",
      buttonPosition: "top-right",
      buttonOffset: "8px",
      buttonSize: "48px",
      idleColor: "#111111",
      loadingColor: "#222222",
      activeColor: "#333333",
    });
    expect(config).toMatchObject({
      position: "top-right",
      offset: "8px",
      width: "48px",
      height: "48px",
      idle: { color: "#111111", title: "Talk to Ava" },
      loading: { color: "#222222", title: "Connecting..." },
      active: { color: "#333333", title: "Call is in progress..." },
    });
  });
});

describe("the address analytics is told", () => {
  it("is the page without its query or fragment", () => {
    expect(analyticsAddress("https://site.example/blog?utm_source=x&email=a%40b.c#top")).toBe(
      "https://site.example/blog",
    );
  });

  it("is only the site for a page that carries a secret", () => {
    expect(analyticsAddress("https://site.example/invite/secret-token")).toBe(
      "https://site.example",
    );
    expect(analyticsAddress("https://site.example/reset-password?token=secret")).toBe(
      "https://site.example",
    );
  });
});
