/**
 * SPEC §3: a customer-service entry's `path` arrives encoded (base64 of the URL) and is decoded
 * on the client. Anything that does not decode to an http(s) link or a same-site path is dropped,
 * so a bad entry can never become a `javascript:` link.
 */
export function decodeServicePath(encoded: string): string | null {
  let text: string;
  try {
    const binary = atob(encoded.trim());
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
  } catch {
    return null;
  }
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface ServiceContact {
  position: string;
  title: string;
  href: string;
  external: boolean;
}

/**
 * Decoded, valid contacts in the order given; live chat first when present (the spec's main
 * button). Only links that reach a person elsewhere (Telegram, WhatsApp, a chat): a link to a
 * page of this site is no contact. The old demo listed the help text as "Live chat"; the menus
 * link to the help centre themselves, as what it is ("Help and contact", issue 27).
 */
export function serviceContacts(entries: ReadonlyArray<{ csPosition: string; title: string; path: string }>) {
  const out: ServiceContact[] = [];
  for (const e of entries) {
    const href = decodeServicePath(e.path);
    if (!href || href.startsWith('/')) continue;
    out.push({ position: e.csPosition, title: e.title, href, external: true });
  }
  return out.sort((a, b) => Number(b.position === 'LIVECHAT') - Number(a.position === 'LIVECHAT'));
}
