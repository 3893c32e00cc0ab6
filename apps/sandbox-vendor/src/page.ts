const ERRORS = {
  badLaunch: {
    en: 'This game link is invalid, expired or already used. Close the game and open it again.',
    ne: 'यो खेलको लिङ्क अमान्य, म्याद सकिएको वा पहिल्यै प्रयोग भएको छ। खेल बन्द गरेर फेरि खोल्नुहोस्।',
  },
  expired: {
    en: 'This game session has ended. Close the game and open it again.',
    ne: 'यो खेलको सत्र सकियो। खेल बन्द गरेर फेरि खोल्नुहोस्।',
  },
  notOffered: {
    en: 'The sandbox vendor does not offer this kind of game.',
    ne: 'स्यान्डबक्स प्रदायकले यस प्रकारको खेल उपलब्ध गराउँदैन।',
  },
  notConfigured: {
    en: 'The game provider is not configured yet (no wallet secret).',
    ne: 'खेल प्रदायक अझै मिलाइएको छैन (वालेट गोप्य साँचो छैन)।',
  },
  platformDown: {
    en: 'The game could not reach your wallet. Try again in a moment.',
    ne: 'खेलले तपाईंको वालेटसम्म पुग्न सकेन। केही बेरपछि फेरि प्रयास गर्नुहोस्।',
  },
} as const;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
:root{color-scheme:dark;--bg:#0d1b2a;--panel:#1b2a3d;--fg:#f2f5f8;--muted:#a9b8c8;--accent:#f5b301;--good:#3ecf8e;--bad:#ff6b6b}
*{box-sizing:border-box}html,body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.4 system-ui,sans-serif}
main{max-width:560px;margin:0 auto;padding:12px}
header{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap;margin-bottom:10px}
h1{font-size:17px;margin:0}.muted{color:var(--muted);font-size:13px}
.bal{font-weight:700;font-variant-numeric:tabular-nums}
.panel{background:var(--panel);border-radius:12px;padding:12px;margin-bottom:10px}
button{font:inherit;min-height:44px;padding:8px 14px;border-radius:10px;border:0;background:#2d4260;color:var(--fg);cursor:pointer}
button.primary{background:var(--accent);color:#1a1300;font-weight:700}button:disabled{opacity:.5;cursor:default}
button.sel{outline:2px solid var(--accent)}
input,select{font:inherit;min-height:44px;padding:6px 10px;border-radius:10px;border:1px solid #3a5170;background:#0f2133;color:var(--fg);width:7.5em}
.row{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;font-size:34px;text-align:center}
.reels div{background:#0f2133;border-radius:8px;padding:6px 0}.reels .line{outline:2px solid var(--accent)}
.cards{display:flex;gap:4px;flex-wrap:wrap}.card{background:#fff;color:#111;border-radius:6px;padding:4px 6px;min-width:2.2em;text-align:center;font-weight:700}
.card.red{color:#c0392b}
.sea{position:relative;height:220px;background:linear-gradient(#0b3d5c,#062235);border-radius:12px;overflow:hidden}
.fish{position:absolute;border:0;background:none;font-size:30px;min-height:0;padding:0;transition:left 3s linear}
.fish small{display:block;font-size:11px;color:var(--accent)}
.msg{min-height:1.5em;margin:6px 0}.win{color:var(--good)}.lose{color:var(--bad)}
table{width:100%;border-collapse:collapse}td{padding:4px 2px;vertical-align:top}
.odds{display:flex;gap:6px;flex-wrap:wrap}.odds button{flex:1 1 30%;min-width:90px}
ul{padding-left:18px;margin:4px 0}
`;

/** The game page (the browser bundle renders the game into #game) or an error page. */
export function page(p: {
  sid?: string;
  kind?: string;
  lang: 'en' | 'ne';
  vendor?: string;
  gameCode?: string;
  error?: keyof typeof ERRORS | undefined;
}): string {
  const body = p.error
    ? `<main><div class="panel" role="alert">${esc(ERRORS[p.error][p.lang])}</div></main>`
    : `<main id="game" data-sid="${esc(p.sid ?? '')}" data-kind="${esc(p.kind ?? '')}" data-lang="${p.lang}" data-vendor="${esc(p.vendor ?? '')}" data-game="${esc(p.gameCode ?? '')}"><p class="muted">…</p></main>
<script src="/sandbox/assets/game.js" defer></script>`;
  return `<!doctype html><html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox vendor</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}
