import { jsonFormAction, submitContact } from "~/forms/submissions.server";
import { methodNotAllowed } from "~/lib/http.server";

export const loader = methodNotAllowed;
export const action = jsonFormAction(submitContact);
