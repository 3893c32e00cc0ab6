/** The simulators' pages: plain HTML forms (no script), so they run under the platform's CSP. */
export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageButton {
  action: string;
  label: string;
  tone?: 'primary' | 'danger' | 'plain';
}

/** A provider's payment page as a person sees it: what is paid, to whom, and the choices. */
export function payPage(o: {
  brand: string;
  colour: string;
  title: string;
  lines: Array<[string, string]>;
  buttons: PageButton[];
  note?: string;
  link?: { href: string; label: string };
}): string {
  const rows = o.lines.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('');
  const buttons = o.buttons
    .map(
      (b) =>
        `<form method="post" action="${esc(b.action)}"><button type="submit" class="${b.tone ?? 'plain'}">${esc(b.label)}</button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(o.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f4;color:#1b1b1b}
header{background:${o.colour};color:#fff;padding:14px 16px;font-weight:700;font-size:1.1rem}
main{max-width:420px;margin:0 auto;padding:16px}
h1{font-size:1.2rem;margin:.2rem 0 1rem}
dl{background:#fff;border-radius:8px;padding:8px 12px;margin:0 0 16px}
dl div{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid #eee}
dl div:last-child{border:0}dt{color:#555}dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
form{margin:0 0 10px}button{width:100%;min-height:44px;font-size:1rem;border-radius:8px;border:1px solid #bbb;background:#fff;cursor:pointer}
button.primary{background:${o.colour};border-color:${o.colour};color:#fff;font-weight:700}button.danger{color:#a40000;border-color:#d99}
.note{color:#555;font-size:.85rem}
</style></head>
<body><header>${esc(o.brand)} · simulator</header><main><h1>${esc(o.title)}</h1><dl>${rows}</dl>${buttons}${
    o.note ? `<p class="note">${esc(o.note)}</p>` : ''
  }${o.link ? `<p><a href="${esc(o.link.href)}">${esc(o.link.label)}</a></p>` : ''}</main></body></html>`;
}

/** A short message page (an error, a closed session). */
export function messagePage(
  brand: string,
  colour: string,
  title: string,
  text: string,
  link?: { href: string; label: string },
): string {
  return payPage({ brand, colour, title, lines: [], buttons: [], note: text, ...(link ? { link } : {}) });
}
