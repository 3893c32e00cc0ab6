/**
 * The content files' tiny inline syntax: `[label](href)` links and `{{name}}` values. Kept this
 * small on purpose: the texts are plain prose an operator edits (later in the database), and
 * nothing in them may become HTML.
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

export function fillValues(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Only same-site paths and http(s) addresses become links; anything else stays text. */
export function safeHref(href: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return /^https?:\/\/[^\s]+$/i.test(href) ? href : null;
}

export function parseInline(text: string, values: Record<string, string | number> = {}): Inline[] {
  const filled = fillValues(text, values);
  const out: Inline[] = [];
  let last = 0;
  for (const m of filled.matchAll(LINK)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: filled.slice(last, at) });
    const href = safeHref(m[2] ?? '');
    out.push(href ? { kind: 'link', text: m[1] ?? '', href } : { kind: 'text', text: m[0] });
    last = at + m[0].length;
  }
  if (last < filled.length) out.push({ kind: 'text', text: filled.slice(last) });
  return out;
}
