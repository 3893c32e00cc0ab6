import {
  CRASH_GROWTH,
  CRASH_SLOTS,
  CRASH_WS_PATH,
  type CrashBetView,
  type CrashRoundState,
  type CrashServerFrame,
  type crashChainSchema,
} from '@wps/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client.ts';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { InhouseTrialToken } from '../api/trial.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { invalidateMoney } from '../../wallet/api/get-balance.ts';
import { newRequestId } from '../api/inhouse.ts';
import { type GameProps, MONEY_INPUT, StakeField, useStake } from '../components/shared.tsx';

const multiplierAt = (ms: number) => (ms <= 0 ? 100 : Math.floor(100 * Math.exp(CRASH_GROWTH * ms)));
const fmt = (h: number) => `${(h / 100).toFixed(2)}×`;
const SLOT_IDS = Array.from({ length: CRASH_SLOTS }, (_, i) => i);

interface Live {
  round: CrashRoundState | null;
  /** serverNow − Date.now() at the last frame: the curve follows the server's clock. */
  offset: number;
  history: number[];
  bets: Record<number, CrashBetView | undefined>;
  errors: Record<number, string | undefined>;
  balance: string | null;
  connected: boolean;
  /** The last round this tab saw crash: its proof stays linked through the next round. */
  lastCrashed: { roundId: number; hash: string } | null;
}

/** The socket: frames in, bet and cash-out frames out; reconnects after a drop. */
function useCrashSocket() {
  // Inside a signed-in player's free trial the socket bets as their trial twin (api/trial.ts).
  const trialToken = useContext(InhouseTrialToken);
  const sessionToken = useSessionStore((s) => s.token);
  const token = trialToken ?? sessionToken;
  const lang = useLanguageStore((s) => s.code);
  const qc = useQueryClient();
  const ws = useRef<WebSocket | null>(null);
  const [live, setLive] = useState<Live>({
    round: null,
    offset: 0,
    history: [],
    bets: {},
    errors: {},
    balance: null,
    connected: false,
    lastCrashed: null,
  });

  useEffect(() => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const q = new URLSearchParams({ language: lang });
      if (token) q.set('token', token);
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      const sock = new WebSocket(`${proto}://${location.host}${CRASH_WS_PATH}?${q}`);
      ws.current = sock;
      sock.onopen = () => setLive((l) => ({ ...l, connected: true }));
      sock.onclose = () => {
        setLive((l) => ({ ...l, connected: false }));
        if (!closed) retry = setTimeout(open, 2000);
      };
      sock.onmessage = (e) => {
        const f = JSON.parse(String(e.data)) as CrashServerFrame;
        setLive((l) => reduce(l, f));
        if (f.t === 'settled' || f.t === 'bet') void invalidateMoney(qc);
      };
    };
    open();
    return () => {
      closed = true;
      clearTimeout(retry);
      ws.current?.close();
    };
  }, [token, lang, qc]);

  const send = (frame: Record<string, unknown>) => {
    if (ws.current?.readyState === WebSocket.OPEN) ws.current.send(JSON.stringify(frame));
  };
  return { live, send, member: Boolean(token) };
}

function reduce(l: Live, f: CrashServerFrame): Live {
  switch (f.t) {
    case 'hello':
      return {
        ...l,
        round: f.round,
        offset: f.round.serverNow - Date.now(),
        history: f.history,
        bets: Object.fromEntries(f.bets.map((b) => [b.slot, b])),
      };
    case 'round': {
      const fresh = l.round?.roundId !== f.round.roundId;
      return {
        ...l,
        round: f.round,
        offset: f.round.serverNow - Date.now(),
        ...(fresh ? { bets: {}, errors: {} } : {}),
      };
    }
    case 'crash':
      return {
        ...l,
        round: f.round,
        history: f.round.point !== null ? [f.round.point, ...l.history].slice(0, 30) : l.history,
        lastCrashed: f.round.hash ? { roundId: f.round.roundId, hash: f.round.hash } : l.lastCrashed,
      };
    case 'bet':
    case 'settled':
      return {
        ...l,
        bets: { ...l.bets, [f.bet.slot]: f.bet },
        errors: { ...l.errors, [f.bet.slot]: undefined },
        balance: f.bet.balance ?? l.balance,
      };
    case 'error':
      return f.slot === undefined ? l : { ...l, errors: { ...l.errors, [f.slot]: f.message } };
    default:
      return l;
  }
}

/** The flight: the multiplier and its curve (SVG), drawn from the server's start time. */
function Flight({ live }: { live: Live }) {
  const { t } = useTranslation('inhouse');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let raf = 0;
    const loop = () => {
      setNow(Date.now());
      raf = requestAnimationFrame(loop);
    };
    raf = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(raf);
  }, []);
  const r = live.round;
  const serverNow = now + live.offset;
  if (!r) return <div className="ih-crash-stage" aria-busy="true" />;
  const elapsed = Math.max(0, serverNow - r.startsAt);
  const m = r.phase === 'crashed' && r.point !== null ? r.point : multiplierAt(elapsed);
  const duration =
    r.phase === 'crashed' && r.point !== null ? Math.log(r.point / 100) / CRASH_GROWTH : elapsed;
  // Axes grow with the flight: at least 10 s and 2×.
  const spanMs = Math.max(10_000, duration * 1.15);
  const spanM = Math.max(2, (m / 100) * 1.15);
  const points: string[] = [];
  const steps = 40;
  for (let i = 0; i <= steps; i++) {
    const ms = (duration * i) / steps;
    const x = (ms / spanMs) * 100;
    const y = 60 - ((Math.exp(CRASH_GROWTH * ms) - 1) / (spanM - 1)) * 56;
    points.push(`${x.toFixed(2)},${y.toFixed(2)}`);
  }
  const status =
    r.phase === 'betting'
      ? t('crash.startsIn', { s: Math.max(0, Math.ceil((r.startsAt - serverNow) / 1000)) })
      : r.phase === 'crashed'
        ? r.voided
          ? t('crash.voided')
          : t('crash.crashedAt', { point: fmt(m) })
        : t('crash.flying');
  return (
    <div className={`ih-crash-stage is-${r.phase}`}>
      <svg viewBox="0 0 100 60" preserveAspectRatio="none" aria-hidden="true">
        {r.phase !== 'betting' && <polyline points={points.join(' ')} className="ih-crash-curve" />}
      </svg>
      <p className="ih-crash-m" data-testid="crash-multiplier" aria-live="off">
        {r.phase === 'betting' ? fmt(100) : fmt(m)}
      </p>
      <p className="ih-crash-status" role="status" data-testid="crash-phase" data-phase={r.phase}>
        {status}
      </p>
    </div>
  );
}

/** One of the two bet panels: stake, optional auto cash-out, bet / cash out. */
function BetPanel({
  slot,
  live,
  send,
  info,
  member,
}: {
  slot: number;
  live: Live;
  send(f: Record<string, unknown>): void;
  info: GameProps['info'];
  member: boolean;
}) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const [auto, setAuto] = useState('');
  const requestId = useRef<string | null>(null);
  const bet = live.bets[slot];
  const r = live.round;
  const autoValid = auto === '' || (/^\d{1,5}(\.\d{1,2})?$/.test(auto) && Number(auto) >= 1.01);
  const canBet = member && r?.phase === 'betting' && !bet && MONEY_INPUT.test(stake) && autoValid;
  const canCash = r?.phase === 'running' && bet?.status === 'open' && bet.roundId === r.roundId;
  const placeBet = () => {
    requestId.current ??= newRequestId();
    send({
      t: 'bet',
      requestId: requestId.current,
      slot,
      amount: stake,
      autoCashout: auto === '' ? null : Math.round(Number(auto) * 100),
    });
  };
  useEffect(() => {
    if (bet) requestId.current = null;
  }, [bet]);
  return (
    <section
      className="card ih-crash-panel"
      aria-label={t('crash.panel', { n: slot + 1 })}
      data-testid={`crash-panel-${slot}`}
    >
      <StakeField value={stake} onChange={setStake} info={info} />
      <label className="ih-field">
        <span>{t('crash.auto')}</span>
        <input
          className="input"
          inputMode="decimal"
          placeholder={t('crash.autoPlaceholder')}
          value={auto}
          aria-invalid={!autoValid || undefined}
          onChange={(e) => setAuto(e.target.value.trim())}
        />
      </label>
      {canCash ? (
        <Button block onClick={() => send({ t: 'cashout', slot })} data-testid={`crash-cashout-${slot}`}>
          {t('crash.cashOut')}
        </Button>
      ) : (
        <Button block disabled={!canBet} onClick={placeBet} data-testid={`crash-bet-${slot}`}>
          {t('crash.bet')}
        </Button>
      )}
      {bet && (
        <p
          className={bet.status === 'won' ? 'text-success' : 'small muted'}
          data-testid={`crash-bet-status-${slot}`}
        >
          {bet.status === 'open'
            ? t('crash.betOpen', { amount: bet.amount })
            : bet.status === 'won'
              ? t('crash.cashedOut', { point: fmt(bet.cashout ?? 100), payout: bet.payout })
              : bet.status === 'void'
                ? t('crash.betVoid', { amount: bet.amount })
                : t('crash.betLost', { amount: bet.amount })}
        </p>
      )}
      {live.errors[slot] && (
        <p className="text-danger" role="alert">
          {live.errors[slot]}
        </p>
      )}
    </section>
  );
}

type ChainInfo = z.infer<typeof crashChainSchema>;

/** Crash: shared rounds over the socket, two bets per round, history and the chain's proof. */
export default function CrashGame({ info }: GameProps) {
  const { t, i18n } = useTranslation('inhouse');
  const { live, send, member } = useCrashSocket();
  const chain = useQuery({
    queryKey: ['inhouse', 'crash', 'chain'],
    queryFn: ({ signal }) => api.get<ChainInfo>('/wps/inhouse/crash/chain', { signal }),
    staleTime: 300_000,
    // A new chain's rounds wait for its public salt (a drand round minutes after the commit).
    refetchInterval: (q) => (q.state.data && q.state.data.salt === null ? 10_000 : false),
  });
  const source = chain.data?.saltSource ?? null;
  const waitingForSalt = chain.data?.salt === null && source !== null;
  return (
    <div className="ih-game stack">
      <ol className="ih-crash-history" aria-label={t('crash.history')} data-testid="crash-history">
        {live.history.map((p, i) => (
          // Past points are a fixed sequence: position is identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: positional list
          <li key={i} className={p >= 200 ? 'is-high' : ''}>
            {fmt(p)}
          </li>
        ))}
      </ol>
      <Flight live={live} />
      {!live.connected && <p className="small muted">{t('crash.connecting')}</p>}
      {waitingForSalt && (
        <p className="small muted" data-testid="crash-waiting-salt">
          {t('crash.waitingForSalt', {
            round: source.round,
            time: formatDateTime(source.dueAt, i18n.language),
          })}
        </p>
      )}
      {!member && <p className="small muted">{t('crash.loginToBet')}</p>}
      <div className="ih-crash-panels">
        {SLOT_IDS.map((slot) => (
          <BetPanel key={slot} slot={slot} live={live} send={send} info={info} member={member} />
        ))}
      </div>
      {live.balance && (
        <p className="small muted">
          {t('balance')}:{' '}
          <span className="money" data-testid="crash-balance">
            {live.balance}
          </span>
        </p>
      )}
      {chain.data && (
        <details className="card">
          <summary>{t('crash.fairness')}</summary>
          <p className="small">{t('crash.chainLead')}</p>
          <p className="small ih-mono">{chain.data.terminatingHash}</p>
          {source && (
            <p className="small">
              {t('crash.saltFrom', { round: source.round })}{' '}
              <span className="ih-mono">{chain.data.salt ?? t('crash.saltNotYet')}</span>
            </p>
          )}
          <p className="small muted">{chain.data.formula}</p>
          {live.lastCrashed && (
            <p className="small ih-mono">
              {t('crash.lastHash')}: {live.lastCrashed.hash}{' '}
              <Link to={`/verify?crashRound=${live.lastCrashed.roundId}`}>{t('crash.proof')}</Link>
            </p>
          )}
        </details>
      )}
    </div>
  );
}
