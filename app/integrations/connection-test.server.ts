import type { Env } from "~/env.server";
import { answerExcerpt } from "~/jobs/outbox.server";
import { OutboundError, type OutboundInit, outboundFetch } from "./outbound.server";

/** What Test connection shows: whether the vendor took the call, and its answer in a sentence. */
export interface ConnectionTestResult {
  ok: boolean;
  message: string;
}

/**
 * Makes one harmless real call with the integration's stored settings (secrets included, on the
 * server only) and says what came back. Never throws for the vendor's failures: an unreachable
 * server, a refused address or an error answer is a result with `ok: false` and a clear message
 * that holds no secret.
 */
export type ConnectionTest = (
  config: Record<string, unknown>,
  env: Env,
) => Promise<ConnectionTestResult>;

/**
 * A Test connection's call: the answer, or, when the call did not happen or did not finish, a
 * failed result saying why in the call's own words ("Could not reach api.example.com (the
 * connection was refused)."; the card names the vendor) with `secrets` blacked out. Any other
 * error is a bug and is thrown.
 */
export async function callForTest(
  url: string,
  init: OutboundInit,
  secrets: (string | undefined)[],
): Promise<{ response: Response } | { result: ConnectionTestResult }> {
  try {
    return { response: await outboundFetch(url, init) };
  } catch (error) {
    if (error instanceof OutboundError) {
      return {
        result: {
          ok: false,
          message: answerExcerpt(`${error.message}.`, secrets),
        },
      };
    }
    throw error;
  }
}
