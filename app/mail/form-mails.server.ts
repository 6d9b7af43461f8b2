import type { ConsultationInput, ContactInput } from "~/schemas/forms";
import type { MailMessage } from "./mailer.server";

/**
 * Mails sent because of a visitor's form (the newsletter's are in app/newsletter/). Plain text
 * only: what the visitor typed goes into the notification as text and can never become markup in
 * the staff's mail client.
 */

function lines(fields: [label: string, value: string][]) {
  return fields.map(([label, value]) => `${label}: ${value || "-"}`).join("\n");
}

export function consultationNotificationMail(options: {
  to: string;
  siteUrl: string;
  request: ConsultationInput;
}): MailMessage {
  const { request } = options;
  return {
    to: options.to,
    replyTo: request.email,
    subject: `New consultation request from ${request.name}`,
    text: [
      "A visitor asked for a consultation on the website.",
      "",
      lines([
        ["Name", request.name],
        ["Email", request.email],
        ["Phone", request.phone],
        ["Company", request.company],
        ["Service", request.serviceType],
        ["Preferred time", request.preferredTime],
      ]),
      "",
      "Message:",
      request.message || "-",
      "",
      `All requests: ${options.siteUrl}/admin`,
    ].join("\n"),
  };
}

export function contactNotificationMail(options: {
  to: string;
  siteUrl: string;
  message: ContactInput;
}): MailMessage {
  const { message } = options;
  const name = `${message.firstName} ${message.lastName}`;
  return {
    to: options.to,
    replyTo: message.email,
    subject: `New message from ${name}`,
    text: [
      "A visitor sent a message through the contact form.",
      "",
      lines([
        ["Name", name],
        ["Email", message.email],
        ["Phone", message.phone],
      ]),
      "",
      "Comments:",
      message.comments,
      "",
      `All messages: ${options.siteUrl}/admin`,
    ].join("\n"),
  };
}
