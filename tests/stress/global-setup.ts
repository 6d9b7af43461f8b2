import { ensureBuild } from "../../scripts/build-if-stale.js";

/** The stress tests start their own servers (several, on purpose); they only need a current build. */
export default function setup() {
  ensureBuild({ quiet: true });
}
