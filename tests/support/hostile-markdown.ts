/**
 * Hostile Markdown and HTML that every renderer of author or reader text must neutralise: the
 * page renderer (server/content/render.test.ts) and the comment renderer
 * (server/content/comment-render.test.ts) both run them.
 */
export const hostileMarkdown = [
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(2)">',
  '[click](javascript:alert(3))',
  '[data](data:text/html;base64,PHNjcmlwdD4=)',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="#" onclick="alert(4)" style="position:fixed">x</a>',
  '<svg><script>alert(5)</script></svg>',
  '<object data="evil.swf"></object><embed src="evil">',
  '<form action="https://evil.example"><input name="password"></form>',
  '<div id="main">clobber</div>',
  '<!--daftar:widget:0-->',
  '<daftar-widget data-kind="evil"></daftar-widget>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<style>body{display:none}</style>',
  '![x](javascript:alert(6))',
  '<a href="JaVaScRiPt:alert(7)">y</a>',
];

/** Raw HTML fragments the property tests mix into generated documents. */
export const hostileHtmlFragments = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)></svg>',
  '<script>alert(1)</script>',
  '<style>*{display:none}</style>',
  '<form action=/api/users method=post><input name=roles value=owner></form>',
  '<meta http-equiv=refresh content="0;url=//evil.example">',
  '<iframe src=//evil.example></iframe>',
  '<a href="javascript:alert(1)" onclick=alert(1)>x</a>',
  '<details open ontoggle=alert(1)></details>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];
