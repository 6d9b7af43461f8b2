import { describe, expect, it } from "vitest";
import {
  createSendgridEventSender,
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
  type SignedEventOptions,
} from "../../tests/support/fake-sendgrid";
import {
  deliveryEventOf,
  isFreshTimestamp,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySendgridSignature,
} from "./sendgrid-events.server";

const sendgrid = createSendgridEventSender();
const stranger = createSendgridEventSender();
const events = [{ email: "ada@example.com", event: "bounce", type: "bounce", timestamp: 1 }];

/** What the route hands the check: the exact body bytes and the two headers. */
async function signed(events: unknown, options?: SignedEventOptions, sender = sendgrid) {
  const request = sender.request("https://www.example.com/api/webhooks/sendgrid", events, options);
  return {
    body: Buffer.from(await request.arrayBuffer()),
    signature: request.headers.get(SIGNATURE_HEADER) ?? "",
    timestamp: request.headers.get(TIMESTAMP_HEADER) ?? "",
  };
}

describe("SendGrid's event signature", () => {
  it("reads the headers SendGrid sends", () => {
    expect(SIGNATURE_HEADER).toBe(SENDGRID_SIGNATURE_HEADER);
    expect(TIMESTAMP_HEADER).toBe(SENDGRID_TIMESTAMP_HEADER);
  });

  it("accepts a batch signed with the key's private half, over the timestamp and the exact body", async () => {
    // The key as SendGrid shows it: base64 DER, no PEM lines.
    expect(sendgrid.verificationKey).toMatch(/^MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/);
    const { body, signature, timestamp } = await signed(events);
    expect(verifySendgridSignature(sendgrid.verificationKey, body, signature, timestamp)).toBe(
      true,
    );
  });

  it("refuses a tampered body, another timestamp, another key's signature and garbage", async () => {
    const { body, signature, timestamp } = await signed(events);
    const key = sendgrid.verificationKey;
    const tampered = Buffer.from(body.toString().replace("bounce", "spamreport"));
    expect(verifySendgridSignature(key, tampered, signature, timestamp)).toBe(false);
    // One more byte (a space) is another body.
    expect(
      verifySendgridSignature(key, Buffer.concat([body, Buffer.from(" ")]), signature, timestamp),
    ).toBe(false);
    expect(verifySendgridSignature(key, body, signature, String(Number(timestamp) + 1))).toBe(
      false,
    );

    const forged = await signed(events, {}, stranger);
    expect(verifySendgridSignature(key, forged.body, forged.signature, forged.timestamp)).toBe(
      false,
    );
    // The stranger's signature checks out only with the stranger's key.
    expect(
      verifySendgridSignature(
        stranger.verificationKey,
        forged.body,
        forged.signature,
        forged.timestamp,
      ),
    ).toBe(true);

    expect(verifySendgridSignature(key, body, "", timestamp)).toBe(false);
    expect(verifySendgridSignature(key, body, "bm90IGEgc2lnbmF0dXJl", timestamp)).toBe(false);
    expect(verifySendgridSignature("not a key", body, signature, timestamp)).toBe(false);
    expect(verifySendgridSignature("", body, signature, timestamp)).toBe(false);
  });

  it("takes a timestamp within ten minutes either way, and nothing else", () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const seconds = now / 1000;
    expect(isFreshTimestamp(String(seconds), now)).toBe(true);
    expect(isFreshTimestamp(String(seconds - 600), now)).toBe(true);
    expect(isFreshTimestamp(String(seconds + 600), now)).toBe(true);
    expect(isFreshTimestamp(String(seconds - 601), now)).toBe(false);
    expect(isFreshTimestamp(String(seconds + 601), now)).toBe(false);
    for (const bad of ["", "-1", "1e9", `${seconds}.5`, " 1", "abc", "9".repeat(20)]) {
      expect(isFreshTimestamp(bad, now), bad).toBe(false);
    }
  });
});

describe("SendGrid's events", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const at = new Date("2026-11-27T11:59:00Z");
  const timestamp = at.getTime() / 1000;
  const of = (event: Record<string, unknown>) =>
    deliveryEventOf({ email: "Ada@Example.com", timestamp, sg_event_id: "e1", ...event }, now);

  it("suppresses on a hard bounce, an address drop and a spam report, at the event's time", () => {
    const email = "ada@example.com";
    expect(of({ event: "bounce", type: "bounce", reason: "550 5.1.1 no such user" })).toEqual({
      kind: "suppress",
      email,
      reason: "bounce",
      at,
    });
    for (const reason of ["Bounced Address", "Invalid", "Spam Reporting Address"]) {
      expect(of({ event: "dropped", reason }), reason).toEqual({
        kind: "suppress",
        email,
        reason: "dropped",
        at,
      });
    }
    expect(of({ event: "spamreport" })).toEqual({
      kind: "suppress",
      email,
      reason: "spam-report",
      at,
    });
  });

  it("unsubscribes on an unsubscribe or a group unsubscribe", () => {
    for (const event of ["unsubscribe", "group_unsubscribe"]) {
      expect(of({ event, asm_group_id: 7 })).toEqual({
        kind: "unsubscribe",
        email: "ada@example.com",
        at,
      });
    }
  });

  it("ignores soft bounces, other drops, every other event and malformed entries", () => {
    expect(of({ event: "bounce", type: "blocked" })).toBeNull();
    expect(of({ event: "bounce" })).toBeNull();
    for (const reason of ["Unsubscribed Address", "Invalid SMTPAPI header", "Spam Content"]) {
      expect(of({ event: "dropped", reason }), reason).toBeNull();
    }
    expect(of({ event: "dropped" })).toBeNull();
    for (const event of [
      "processed",
      "delivered",
      "deferred",
      "open",
      "click",
      "group_resubscribe",
    ]) {
      expect(of({ event }), event).toBeNull();
    }
    for (const entry of [
      null,
      "spamreport",
      [],
      { event: "spamreport" },
      { email: "not an address", event: "spamreport" },
      { email: "ada@example.com", event: "spamreport", timestamp: "yesterday" },
      { email: "ada@example.com", event: 7 },
    ]) {
      expect(deliveryEventOf(entry, now), JSON.stringify(entry)).toBeNull();
    }
  });

  it("dates an event without a time, or one ahead of the clock, now", () => {
    expect(deliveryEventOf({ email: "ada@example.com", event: "spamreport" }, now)).toMatchObject({
      at: now,
    });
    const ahead = now.getTime() / 1000 + 3600;
    expect(
      deliveryEventOf({ email: "ada@example.com", event: "spamreport", timestamp: ahead }, now),
    ).toMatchObject({ at: now });
  });
});
