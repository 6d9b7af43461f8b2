import type { AdminCall } from "./types";

/** Every read and write of the integrations (and their deliveries), API keys and audit log tabs. */
export const calls: AdminCall[] = [
  { name: "read the integrations", method: "GET", path: "/admin/integrations" },
  { name: "read the integrations' data", method: "GET", path: "/admin/integrations.data" },
  {
    name: "save an integration's config",
    method: "POST",
    path: "/admin/integrations",
    form: {
      intent: "save-config",
      integration: "chatwoot",
      websiteToken: "guard-test-token",
      baseUrl: "https://chat.example.com",
    },
  },
  {
    name: "switch an integration on",
    method: "POST",
    path: "/admin/integrations",
    form: { intent: "toggle", integration: "chatwoot", enabled: "true" },
  },
  {
    name: "test an integration's connection",
    method: "POST",
    path: "/admin/integrations",
    form: { intent: "test-connection", integration: "zapier" },
  },
  {
    name: "purge Cloudflare's cache",
    method: "POST",
    path: "/admin/integrations",
    form: { intent: "purge-cache", integration: "cloudflare" },
  },
  { name: "read the deliveries", method: "GET", path: "/admin/integrations/deliveries" },
  {
    name: "read the deliveries' data",
    method: "GET",
    path: "/admin/integrations/deliveries.data",
  },
  {
    name: "resend a delivery",
    method: "POST",
    path: "/admin/integrations/deliveries",
    form: { intent: "resend", id: "1" },
  },
  { name: "read the API keys", method: "GET", path: "/admin/api-keys" },
  { name: "read the API keys' data", method: "GET", path: "/admin/api-keys.data" },
  {
    name: "create an API key",
    method: "POST",
    path: "/admin/api-keys",
    form: { intent: "create", name: "Guard test key" },
  },
  {
    name: "revoke an API key",
    method: "POST",
    path: "/admin/api-keys",
    form: { intent: "revoke", id: "1" },
  },
  { name: "read the audit log", method: "GET", path: "/admin/audit-log" },
  { name: "read the audit log's data", method: "GET", path: "/admin/audit-log.data?page=1" },
  {
    name: "restore an editor's version from the audit log",
    method: "POST",
    path: "/admin/audit-log",
    form: { intent: "restore", id: "1" },
  },
];
