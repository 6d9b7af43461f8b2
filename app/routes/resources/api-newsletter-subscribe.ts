import { jsonFormAction, submitNewsletter } from "~/forms/submissions.server";
import { methodNotAllowed } from "~/lib/http.server";

export const loader = methodNotAllowed;
export const action = jsonFormAction(submitNewsletter);
