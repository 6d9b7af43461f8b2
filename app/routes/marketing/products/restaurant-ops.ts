import { redirect } from "react-router";

// An old product address: a permanent redirect that replaces the history entry.
export function loader() {
  return redirect("/products/opshub", 301);
}
