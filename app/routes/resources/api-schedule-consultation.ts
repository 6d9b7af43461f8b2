import { readFormPayload } from "~/forms/payload.server";
import { submissionResponse, submitConsultation } from "~/forms/submissions.server";
import { methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/api-schedule-consultation";

export const loader = methodNotAllowed;

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const payload = await readFormPayload(request);
  if (!payload.ok) return submissionResponse(payload);
  return submissionResponse(await submitConsultation(request, payload.values));
}
