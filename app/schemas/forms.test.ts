import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrors } from "~/schemas/auth";
import {
  consultationSchema,
  contactSchema,
  newsletterSchema,
  preferredTimes,
  serviceTypes,
} from "~/schemas/forms";

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return fieldErrors(result.error);
}

const validContact = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  confirmEmail: "ada@example.com",
  phone: "",
  comments: "We would like a voice agent for our front desk.",
  consent: true,
};

describe("newsletter", () => {
  it.each(["", "   ", "no-at-sign", "user@", "@example.com"])(
    "refuses %j with the spec's message",
    (email) => {
      expect(errorsOf(newsletterSchema, { email }).email).toBe(
        "Please enter a valid email address.",
      );
    },
  );

  it("refuses a missing or non-text address without throwing", () => {
    expect(errorsOf(newsletterSchema, {}).email).toBe("Please enter a valid email address.");
    expect(errorsOf(newsletterSchema, { email: 42 }).email).toBe(
      "Please enter a valid email address.",
    );
  });

  it("stores addresses trimmed and in lower case, so a repeat is recognised", () => {
    expect(newsletterSchema.parse({ email: "  Ada@Example.COM " }).email).toBe("ada@example.com");
  });
});

describe("consultation", () => {
  it("requires name and email only", () => {
    expect(errorsOf(consultationSchema, {})).toEqual({
      name: "Name is required",
      email: "Email is required",
    });
    const parsed = consultationSchema.parse({ name: "Ada", email: "ada@example.com" });
    expect(parsed).toMatchObject({ phone: "", company: "", serviceType: "", preferredTime: "" });
  });

  it("offers the seven service types and four preferred times of the spec", () => {
    expect(serviceTypes).toHaveLength(7);
    expect(preferredTimes).toEqual([
      "Morning (9AM - 12PM)",
      "Afternoon (12PM - 5PM)",
      "Evening (5PM - 8PM)",
      "Flexible",
    ]);
    for (const serviceType of serviceTypes) {
      expect(
        consultationSchema.safeParse({ name: "A", email: "a@b.co", serviceType }).success,
      ).toBe(true);
    }
  });

  it("refuses options that are not offered and text that is far too long", () => {
    const errors = errorsOf(consultationSchema, {
      name: "A",
      email: "a@b.co",
      serviceType: "Time travel",
      preferredTime: "Midnight",
      message: "x".repeat(5001),
    });
    expect(Object.keys(errors).sort()).toEqual(["message", "preferredTime", "serviceType"]);
  });

  it("accepts null for the optional fields, as API clients send", () => {
    expect(
      consultationSchema.safeParse({ name: "A", email: "a@b.co", phone: null, message: null })
        .success,
    ).toBe(true);
  });

  it("accepts only well-formed submission keys", () => {
    expect(
      consultationSchema.safeParse({ name: "A", email: "a@b.co", submissionKey: "<script>" })
        .success,
    ).toBe(false);
  });
});

describe("contact", () => {
  it("gives every message of the spec word for word", () => {
    expect(errorsOf(contactSchema, {})).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      confirmEmail: "Please confirm your email",
      comments: "Comments are required",
      consent: "You must agree to the terms",
    });
    expect(errorsOf(contactSchema, { ...validContact, email: "ada-at-example" }).email).toBe(
      "Invalid email address",
    );
  });

  it("says the two addresses differ, together with any other problem", () => {
    const errors = errorsOf(contactSchema, {
      ...validContact,
      confirmEmail: "ada@example.org",
      comments: "",
    });
    expect(errors).toEqual({
      comments: "Comments are required",
      confirmEmail: "Emails do not match",
    });
  });

  it("compares the addresses ignoring case and spaces", () => {
    expect(
      contactSchema.safeParse({ ...validContact, confirmEmail: " ADA@example.com" }).success,
    ).toBe(true);
  });

  it("allows 600 characters of comments and no more", () => {
    expect(contactSchema.safeParse({ ...validContact, comments: "x".repeat(600) }).success).toBe(
      true,
    );
    expect(errorsOf(contactSchema, { ...validContact, comments: "x".repeat(601) }).comments).toBe(
      "Comments must be at most 600 characters",
    );
  });

  it("takes consent as a JSON true or a checked checkbox, nothing else", () => {
    expect(contactSchema.safeParse({ ...validContact, consent: "on" }).success).toBe(true);
    for (const consent of [false, "off", "", undefined, "yes", 1]) {
      expect(errorsOf(contactSchema, { ...validContact, consent }).consent).toBe(
        "You must agree to the terms",
      );
    }
  });
});
