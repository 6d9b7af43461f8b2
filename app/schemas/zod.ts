import { z } from "zod";

// The site's CSP allows no eval. zod probes for it with `new Function` to compile faster parsers,
// and browsers report that probe as a CSP violation even though zod catches it; jitless skips it.
z.config({ jitless: true });

export { z };
