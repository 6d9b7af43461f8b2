import { toPublicWidget } from "~/models/integrations.server";
import type { ConnectionTest } from "./connection-test.server";
import { OutboundError, outboundFetch } from "./outbound.server";

/**
 * Test connection of Chatwoot: fetches the script the public pages load (`<base URL>/packs/js/
 * sdk.js`), as a visitor's browser would. It shows whether the chat server answers there; the
 * website token is only checked by Chatwoot when a visitor opens the chat.
 */
export const testChatwoot: ConnectionTest = async (config) => {
  const widget = toPublicWidget("chatwoot", config);
  if (widget?.name !== "chatwoot") {
    return { ok: false, message: "Add the website token and base URL first, then test again." };
  }
  const url = `${widget.baseUrl}/packs/js/sdk.js`;
  let response: Response;
  try {
    response = await outboundFetch(url, { timeoutMs: 10_000, maxBodyBytes: 2 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof OutboundError) {
      return { ok: false, message: `${error.message}.` };
    }
    throw error;
  }
  const type = response.headers.get("content-type") ?? "";
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) {
    return {
      ok: false,
      message: `The chat server answered ${response.status} for its widget script: check the base URL.`,
    };
  }
  if (!/javascript|ecmascript/i.test(type)) {
    return {
      ok: false,
      message: `The base URL answered, but not with Chatwoot's widget script (${type || "no content type"}): check it.`,
    };
  }
  return { ok: true, message: "The chat server answered with its widget script." };
};
