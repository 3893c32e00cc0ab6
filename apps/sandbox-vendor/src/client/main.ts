/**
 * The sandbox vendor's games in the browser: plain TypeScript and DOM, one small bundle. Every
 * outcome comes from the vendor's server (which moves the money through the platform's seamless
 * API); this code only draws it.
 */

interface CardT {
  rank: number;
  suit: number;
}
type Json = Record<string, unknown>;

const root = document.getElementById('game') as HTMLElement;
const sid = root.dataset.sid ?? '';
const kind = root.dataset.kind ?? '';
const lang = root.dataset.lang === 'ne' ? 'ne' : 'en';

const T = {
  en: {
    balance: 'Balance',
    stake: 'Stake',
    spin: 'Spin',
    win: 'You win',
    noWin: 'No win this time',
    deal: 'Deal',
    player: 'Player',
    banker: 'Banker',
    tie: 'Tie',
    shoot: 'Tap a fish to shoot',
    hit: 'Caught! +',
    miss: 'Missed',
    ante: 'Ante',
    call: 'Call',
    fold: 'Fold',
    leave: 'Leave hand (ante lost)',
    left: 'You left the hand: the ante is lost',
    folded: 'You folded',
    pot: 'Pot',
    slip: 'Bet slip',
    place: 'Place bet',
    single: 'Single',
    parlay: 'Parlay',
    empty: 'Tap odds to add a selection',
    mySlips: 'My slips',
    kickoff: 'Starts',
    open: 'Open',
    won: 'Won',
    lost: 'Lost',
    void: 'Void (refunded)',
    pending: 'The win is being credited',
    trial: 'Play money',
    wait: 'Please wait…',
    error: 'Something went wrong',
  },
  ne: {
    balance: 'ब्यालेन्स',
    stake: 'दाउ',
    spin: 'घुमाउनुहोस्',
    win: 'तपाईंले जित्नुभयो',
    noWin: 'यसपटक जित भएन',
    deal: 'बाँड्नुहोस्',
    player: 'प्लेयर',
    banker: 'बैंकर',
    tie: 'बराबरी',
    shoot: 'गोली हान्न माछामा थिच्नुहोस्',
    hit: 'समातियो! +',
    miss: 'चुक्यो',
    ante: 'सुरु दाउ',
    call: 'कल',
    fold: 'फोल्ड',
    leave: 'हात छोड्नुहोस् (सुरु दाउ गुम्छ)',
    left: 'तपाईंले हात छोड्नुभयो: सुरु दाउ गुम्यो',
    folded: 'तपाईंले फोल्ड गर्नुभयो',
    pot: 'पोट',
    slip: 'बाजी पर्ची',
    place: 'बाजी राख्नुहोस्',
    single: 'एकल',
    parlay: 'पार्ले',
    empty: 'छनोट थप्न अड्समा थिच्नुहोस्',
    mySlips: 'मेरा पर्चीहरू',
    kickoff: 'सुरु हुने',
    open: 'खुला',
    won: 'जित',
    lost: 'हार',
    void: 'रद्द (फिर्ता)',
    pending: 'जित रकम जम्मा हुँदैछ',
    trial: 'अभ्यास रकम',
    wait: 'कृपया पर्खनुहोस्…',
    error: 'केही गडबड भयो',
  },
}[lang];

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

async function api(path: string, body?: Json): Promise<Json> {
  const res = await fetch(`/sandbox/api/${sid}/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json().catch(() => ({}))) as Json;
  if (!res.ok) {
    if (typeof json.balance === 'string') setBalance(json.balance);
    throw new Error(typeof json.message === 'string' ? json.message : T.error);
  }
  if (typeof json.balance === 'string') setBalance(json.balance);
  return json;
}

const balanceEl = h('span', { class: 'bal', 'data-testid': 'sandbox-balance' });
const msg = h('p', { class: 'msg', role: 'status', 'aria-live': 'polite' });
function setBalance(b: string) {
  balanceEl.textContent = b;
}
function say(text: string, tone: 'win' | 'lose' | '' = '') {
  msg.textContent = text;
  msg.className = `msg ${tone}`;
}
function stakeInput(value = '1.00') {
  return h('input', {
    type: 'text',
    inputmode: 'decimal',
    value,
    'aria-label': T.stake,
    'data-testid': 'stake',
  });
}
/** Runs one action with its button disabled; errors land in the message line. */
async function busy(btn: HTMLButtonElement, fn: () => Promise<void>) {
  btn.disabled = true;
  try {
    await fn();
  } catch (e) {
    say((e as Error).message, 'lose');
  } finally {
    btn.disabled = false;
  }
}
const SUITS = ['♠', '♥', '♦', '♣'];
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
function cards(list: CardT[]) {
  return h(
    'div',
    { class: 'cards' },
    ...list.map((c) =>
      h(
        'span',
        { class: `card${c.suit === 1 || c.suit === 2 ? ' red' : ''}` },
        `${RANKS[c.rank]}${SUITS[c.suit]}`,
      ),
    ),
  );
}
const SYMBOL: Record<string, string> = { cherry: '🍒', lemon: '🍋', bell: '🔔', star: '⭐', seven: '7️⃣' };
const winText = (payout: string, pending: unknown) =>
  pending ? T.pending : Number(payout) > 0 ? `${T.win} ${payout}` : T.noWin;

function slot(panel: HTMLElement) {
  const reels = h('div', { class: 'reels', 'aria-label': 'reels' });
  const draw = (grid: string[][]) => {
    reels.replaceChildren();
    for (let row = 0; row < 3; row++)
      for (let col = 0; col < 3; col++)
        reels.append(h('div', row === 1 ? { class: 'line' } : {}, SYMBOL[grid[col]?.[row] ?? 'star'] ?? '?'));
  };
  draw([
    ['seven', 'cherry', 'bell'],
    ['star', 'cherry', 'lemon'],
    ['bell', 'cherry', 'seven'],
  ]);
  const stake = stakeInput();
  const spin = h('button', { class: 'primary', 'data-testid': 'spin' }, T.spin);
  spin.onclick = () =>
    busy(spin, async () => {
      const r = await api('slot', { stake: stake.value });
      draw(r.reels as string[][]);
      say(winText(r.payout as string, r.winPending), Number(r.payout) > 0 ? 'win' : '');
    });
  panel.append(reels, h('div', { class: 'row' }, h('label', {}, `${T.stake} `, stake), spin));
}

function baccarat(panel: HTMLElement) {
  const table = h('div', {});
  const stake = stakeInput('10.00');
  const row = h('div', { class: 'row' }, h('label', {}, `${T.stake} `, stake));
  for (const side of ['player', 'banker', 'tie'] as const) {
    const b = h(
      'button',
      { class: side === 'banker' ? 'primary' : '', 'data-testid': `bet-${side}` },
      T[side],
    );
    b.onclick = () =>
      busy(b, async () => {
        const r = await api('baccarat', { stake: stake.value, side });
        table.replaceChildren(
          h('p', {}, `${T.player} ${r.playerValue}`),
          cards(r.player as CardT[]),
          h('p', {}, `${T.banker} ${r.bankerValue}`),
          cards(r.banker as CardT[]),
        );
        say(
          `${T[r.result as 'player']} · ${winText(r.payout as string, r.winPending)}`,
          Number(r.payout) > 0 ? 'win' : '',
        );
      });
    row.append(b);
  }
  panel.append(table, row);
}

function fish(panel: HTMLElement) {
  const sea = h('div', { class: 'sea', 'aria-label': T.shoot });
  const stake = stakeInput('1.00');
  const values = [2, 3, 5, 10, 20, 50];
  const icons = ['🐟', '🐠', '🐡', '🦑', '🐙', '🦈'];
  const spawn = () => {
    sea.replaceChildren();
    values.forEach((v, i) => {
      const f = h(
        'button',
        { class: 'fish', 'aria-label': `${v}×`, 'data-testid': `fish-${v}` },
        icons[i]!,
        h('small', {}, `${v}×`),
      );
      f.style.top = `${10 + i * 33}px`;
      f.style.left = `${(i * 53) % 80}%`;
      f.onclick = () =>
        busy(f, async () => {
          const r = await api('fish', { stake: stake.value, value: v });
          say(r.hit ? `${T.hit}${r.payout}` : T.miss, r.hit ? 'win' : 'lose');
          f.style.left = `${Math.floor(Math.random() * 80)}%`;
        });
      sea.append(f);
    });
  };
  spawn();
  setInterval(() => {
    for (const f of sea.querySelectorAll<HTMLElement>('.fish'))
      f.style.left = `${Math.floor(Math.random() * 80)}%`;
  }, 3000);
  panel.append(
    h('p', { class: 'muted' }, T.shoot),
    sea,
    h('div', { class: 'row' }, h('label', {}, `${T.stake} `, stake)),
  );
}

function poker(panel: HTMLElement, state: Json) {
  const table = h('div', {});
  const ante = stakeInput('5.00');
  const deal = h('button', { class: 'primary', 'data-testid': 'deal' }, T.deal);
  const actions = h('div', { class: 'row' });
  const showHand = (player: CardT[]) => {
    table.replaceChildren(h('p', {}, T.player), cards(player));
    actions.replaceChildren();
    for (const a of ['call', 'fold', 'leave'] as const) {
      const b = h('button', { class: a === 'call' ? 'primary' : '', 'data-testid': a }, T[a]);
      b.onclick = () =>
        busy(b, async () => {
          const r = await api('poker/act', { action: a });
          actions.replaceChildren();
          deal.disabled = false;
          if (r.left) return say(T.left, 'lose');
          if (r.folded) return say(T.folded, 'lose');
          const bots = r.bots as Array<{ name: string; cards: CardT[]; calls: boolean }>;
          for (const bot of bots)
            table.append(h('p', {}, `${bot.name}${bot.calls ? '' : ` · ${T.fold}`}`), cards(bot.cards));
          say(
            `${T.pot} ${r.pot} · ${winText(r.payout as string, r.winPending)}`,
            Number(r.payout) > 0 ? 'win' : 'lose',
          );
        });
      actions.append(b);
    }
    deal.disabled = true;
  };
  deal.onclick = () =>
    busy(deal, async () => {
      const r = await api('poker/deal', { ante: ante.value });
      say('');
      showHand(r.player as CardT[]);
    });
  panel.append(table, actions, h('div', { class: 'row' }, h('label', {}, `${T.ante} `, ante), deal));
  const open = state.hand as { player: CardT[] } | undefined;
  if (open) showHand(open.player);
}

interface FixtureT {
  id: string;
  league: string;
  home: string;
  away: string;
  startsAt: number;
  picks: Array<{ key: string; label: string; odds: number }>;
}
interface SlipT {
  id: string;
  legs: Array<{ match: string; label: string; odds: string }>;
  stake: string;
  odds: string;
  status: 'open' | 'won' | 'lost' | 'void';
  payout: string;
}

function book(panel: HTMLElement, state: Json) {
  const picks = new Map<string, { fixtureId: string; pick: string; label: string; odds: number }>();
  const board = h('div', {});
  const slipBox = h('div', { class: 'panel' });
  const mine = h('div', {});
  const stake = stakeInput('10.00');
  const parlay = state.parlay === true;
  const renderSlip = () => {
    const list = [...picks.values()];
    const odds = list.reduce((o, p) => o * (p.odds / 100), 1);
    const place = h('button', { class: 'primary', 'data-testid': 'place' }, T.place);
    place.disabled = list.length === 0;
    place.onclick = () =>
      busy(place, async () => {
        await api('slip', {
          stake: stake.value,
          legs: list.map((p) => ({ fixtureId: p.fixtureId, pick: p.pick })),
        });
        picks.clear();
        say(T.place, 'win');
        await refresh();
      });
    slipBox.replaceChildren(
      h('strong', {}, `${T.slip} · ${list.length > 1 ? T.parlay : T.single}`),
      list.length
        ? h('ul', {}, ...list.map((p) => h('li', {}, `${p.label} @ ${(p.odds / 100).toFixed(2)}`)))
        : h('p', { class: 'muted' }, T.empty),
      h('p', {}, `@ ${odds.toFixed(2)}`),
      h('div', { class: 'row' }, h('label', {}, `${T.stake} `, stake), place),
    );
  };
  const renderBoard = (fixtures: FixtureT[]) => {
    board.replaceChildren();
    for (const f of fixtures) {
      const odds = h('div', { class: 'odds' });
      for (const p of f.picks) {
        const chosen = picks.get(f.id)?.pick === p.key;
        const b = h(
          'button',
          { class: chosen ? 'sel' : '', 'aria-pressed': String(chosen) },
          `${p.label} ${(p.odds / 100).toFixed(2)}`,
        );
        b.onclick = () => {
          if (chosen) picks.delete(f.id);
          else {
            if (!parlay) picks.clear();
            picks.set(f.id, {
              fixtureId: f.id,
              pick: p.key,
              label: `${f.home}${f.away ? ` v ${f.away}` : ''}: ${p.label}`,
              odds: p.odds,
            });
          }
          renderBoard(fixtures);
          renderSlip();
        };
        odds.append(b);
      }
      const at = new Date(f.startsAt).toLocaleTimeString(lang === 'ne' ? 'ne-NP' : 'en-GB', {
        numberingSystem: 'latn',
      });
      board.append(
        h(
          'div',
          { class: 'panel' },
          h('div', { class: 'muted' }, `${f.league} · ${T.kickoff} ${at}`),
          h('strong', {}, f.away ? `${f.home} v ${f.away}` : f.home),
          odds,
        ),
      );
    }
  };
  const renderMine = (slips: SlipT[]) => {
    mine.replaceChildren(
      h('h2', { class: 'muted' }, T.mySlips),
      ...slips.map((s) =>
        h(
          'div',
          { class: 'panel' },
          h('div', {}, `${s.stake} @ ${s.odds} · ${T[s.status]}${s.status === 'won' ? ` +${s.payout}` : ''}`),
          h('ul', {}, ...s.legs.map((l) => h('li', {}, `${l.match}: ${l.label} @ ${l.odds}`))),
        ),
      ),
    );
  };
  const refresh = async () => {
    const st = await api('state');
    renderBoard(st.fixtures as FixtureT[]);
    renderMine(st.slips as SlipT[]);
  };
  renderBoard(state.fixtures as FixtureT[]);
  renderMine(state.slips as SlipT[]);
  renderSlip();
  setInterval(() => void refresh().catch(() => undefined), 10_000);
  panel.append(board, slipBox, mine);
}

async function start() {
  try {
    const state = await api('state');
    const panel = h('div', { class: 'panel' });
    root.replaceChildren(
      h(
        'header',
        {},
        h('h1', {}, root.dataset.game ?? ''),
        h(
          'div',
          {},
          `${T.balance} `,
          balanceEl,
          ` ${state.currency ?? ''}`,
          state.trial ? h('span', { class: 'muted' }, ` · ${T.trial}`) : '',
        ),
      ),
      panel,
      msg,
    );
    if (kind === 'slot') slot(panel);
    else if (kind === 'baccarat') baccarat(panel);
    else if (kind === 'fish') fish(panel);
    else if (kind === 'poker') poker(panel, state);
    else book(panel, state);
  } catch (e) {
    root.replaceChildren(h('div', { class: 'panel', role: 'alert' }, (e as Error).message));
  }
}
void start();
