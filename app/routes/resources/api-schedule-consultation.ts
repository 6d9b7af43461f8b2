import { jsonFormAction, submitConsultation } from "~/forms/submissions.server";
import { methodNotAllowed } from "~/lib/http.server";

export const loader = methodNotAllowed;
export const action = jsonFormAction(submitConsultation);
