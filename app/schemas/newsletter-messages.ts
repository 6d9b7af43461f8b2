/**
 * The newsletter form's texts, which the spec fixes word for word (form-messages.ts lists them
 * with the other forms'). A module of their own: the footer on every page needs only the
 * failure's before its code for a submit has loaded.
 */
export const newsletterMessages = {
  invalid: { title: "Invalid Email", description: "Please enter a valid email address." },
  success: { title: "Success!", description: "You've been subscribed to our newsletter." },
  already: {
    title: "Subscription Failed",
    description: "You're already subscribed to our newsletter!",
  },
  failed: {
    title: "Subscription Failed",
    description: "Failed to subscribe. Please try again later.",
  },
} as const;
