/**
 * XSS payloads for the stored-XSS test. `{n}` becomes the payload's number, so whatever runs
 * names the payload that got through: each calls the page's marker `X(n)` (installed by the
 * test before any page script) or `alert(n)` (caught as a dialog).
 *
 * Families: script tags, event handlers, javascript: and data: URLs, SVG and MathML tricks,
 * attribute breakouts, markdown links and images, encoded variants, breakouts from <script>
 * blocks (JSON-LD, hydration data), templates, and mutation XSS that relies on re-parsing.
 */
export const xssTemplates: readonly string[] = [
  // Script tags
  "<script>X({n})</script>",
  "<ScRiPt>X({n})</sCrIpT>",
  "<script src=data:,X({n})></script>",
  "<script>alert({n})</script>",
  "<scr<script>ipt>X({n})</scr</script>ipt>",
  "<<script>X({n})//<</script>",
  "<script\x20type=module>X({n})</script>",
  "<script/x>X({n})</script>",
  // Event handlers
  "<img src=x onerror=X({n})>",
  "<img src=x onerror=alert({n})>",
  "<IMG SRC=x ONERROR=X({n})>",
  "<img/src=x/onerror=X({n})>",
  "<svg onload=X({n})>",
  "<svg/onload=X({n})>",
  "<body onload=X({n})>",
  "<iframe onload=X({n})>",
  "<details open ontoggle=X({n})>",
  "<input autofocus onfocus=X({n})>",
  "<select autofocus onfocus=X({n})>",
  "<textarea autofocus onfocus=X({n})>",
  "<video><source onerror=X({n})>",
  "<audio src=x onerror=X({n})>",
  "<video src=x onerror=X({n})>",
  "<marquee onstart=X({n})>x</marquee>",
  "<object data=x onerror=X({n})>",
  "<a onmouseover=X({n})>hover</a>",
  "<div onpointerenter=X({n})>x</div>",
  "<style onload=X({n})></style>",
  "<link rel=stylesheet href=x onerror=X({n})>",
  "<img src=x onerror=X&#40;{n}&#41;>",
  "<img src=x onerror=\\u0058({n})>",
  "<img src=`x`onerror=X({n})>",
  '<img src="x" onerror="X({n})">',
  "<img src='x' onerror='X({n})'>",
  // Attribute breakouts
  '"><img src=x onerror=X({n})>',
  "'><svg onload=X({n})>",
  '" onmouseover="X({n})',
  "' onfocus='X({n})' autofocus='",
  '" autofocus onfocus="X({n})',
  '"><script>X({n})</script>',
  "`><img src=x onerror=X({n})>",
  '"/><svg/onload=X({n})>',
  // javascript: and data: URLs
  "javascript:X({n})",
  "JaVaScRiPt:X({n})",
  " javascript:X({n})",
  "java\tscript:X({n})",
  "javascript&colon;X({n})",
  "&#106;avascript:X({n})",
  "&#x6A;avascript:X({n})",
  "javascript:alert({n})",
  "data:text/html,<script>X({n})</script>",
  "vbscript:X({n})",
  "<a href=javascript:X({n})>a</a>",
  '<a href="&#x6A;avascript:X({n})">a</a>',
  "<iframe src=javascript:X({n})>",
  '<iframe srcdoc="<script>parent.X({n})</script>">',
  "<form action=javascript:X({n})><button>go</button></form>",
  "<button formaction=javascript:X({n})>go</button>",
  "<embed src=javascript:X({n})>",
  "<object data=javascript:X({n})>",
  "<base href=javascript:X({n})//>",
  '<meta http-equiv=refresh content="0;url=javascript:X({n})">',
  // SVG and MathML
  "<svg><script>X({n})</script></svg>",
  "<svg><a href=javascript:X({n})><text y=9>a</text></a></svg>",
  "<svg><animate onbegin=X({n}) attributeName=x dur=1s>",
  "<svg><set onbegin=X({n}) attributeName=x to=1>",
  "<svg><foreignObject><img src=x onerror=X({n})>",
  "<svg><style><img src=x onerror=X({n})></style></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=X({n})>",
  "<math href=javascript:X({n})>a</math>",
  "<svg><use href=data:image/svg+xml,<svg/onload=X({n})>>",
  // Markdown links and images
  "[a](javascript:X({n}))",
  "[a](JAVASCRIPT:X({n}))",
  "[a](<javascript:X({n})>)",
  "[a](javascript&#58;X({n}))",
  '![a](x" onerror="X({n}))',
  "![a](javascript:X({n}))",
  "[a][r]\n\n[r]: javascript:X({n})",
  "<javascript:X({n})>",
  "[a](data:text/html,<script>X({n})</script>)",
  "![x](x)<img src=x onerror=X({n})>",
  "**<img src=x onerror=X({n})>**",
  "`</code><img src=x onerror=X({n})>`",
  // Encoded variants
  "&lt;script&gt;X({n})&lt;/script&gt;",
  "%3Cscript%3EX({n})%3C/script%3E",
  "\\u003cscript\\u003eX({n})\\u003c/script\\u003e",
  "&#60;img src=x onerror=X({n})&#62;",
  "\u003cimg src=x onerror=X({n})\u003e",
  "<img src=x onerror=eval('X('+{n}+')')>",
  // Breakouts from <script> blocks, templates and comments
  "</script><script>X({n})</script>",
  "</script><img src=x onerror=X({n})>",
  '"}</script><script>X({n})</script>',
  "<!--</script><script>X({n})</script>-->",
  "</title><script>X({n})</script>",
  "</textarea><script>X({n})</script>",
  "</style><script>X({n})</script>",
  "</noscript><img src=x onerror=X({n})>",
  "]]><script>X({n})</script>",
  "{{constructor.constructor('X({n})')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  "${X({n})}",
  "\u2028\u2029</script><script>X({n})</script>",
  // Mutation XSS (markup that changes meaning when parsed again)
  '<noscript><p title="</noscript><img src=x onerror=X({n})>">',
  '<svg></p><style><a id="</style><img src=x onerror=X({n})>">',
  "<math><mi><table><mi><style><img src=x onerror=X({n})>",
  "<template><img src=x onerror=X({n})></template>",
];

/** Payload number `n` (1-based) with its marker filled in. */
export function xssPayload(n: number): string {
  const template = xssTemplates[(n - 1) % xssTemplates.length] as string;
  return template.replaceAll("{n}", String(n));
}

export const XSS_PAYLOAD_COUNT = xssTemplates.length;
