import { redirect } from "react-router";
import { callAuth } from "~/auth/auth-api.server";
import type { Route } from "./+types/sign-out";

export async function action({ request }: Route.ActionArgs) {
  const result = await callAuth(request, "/sign-out");
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
