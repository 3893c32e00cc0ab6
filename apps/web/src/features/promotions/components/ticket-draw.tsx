import type { Prize, Ticket, TicketKind } from '@wps/contract';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useOpenTicket, useRefreshAfterDraw } from '../api/tickets.ts';
import { ticketVerifyHref } from '../lib/ticket-verify-link.ts';

/** How long each kind's opening plays before the prize shows (the CSS transitions match). */
const PLAY_MS: Record<TicketKind, number> = { WHEEL: 3600, ENVELOPE: 1100, EGG: 1300 };
const TURNS = 5;

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** A prize in words: its operator label, else what it pays. */
export function usePrizeText() {
  const { t } = useTranslation('tickets');
  return (p: Prize) => {
    if (p.label) return p.label;
    if (p.type === 'cash') return t('prize.cash', { amount: p.amount });
    if (p.type === 'bonus') return t('prize.bonus', { amount: p.amount, x: p.wageringMultiplier });
    if (p.type === 'points') return t('prize.points', { count: p.points ?? 0 });
    return t('prize.nothing');
  };
}

/** The wheel: equal slices (the odds are in the table beside it, not in the slice sizes). */
function Wheel({ prizes, turn }: { prizes: Prize[]; turn: number }) {
  const text = usePrizeText();
  const seg = 360 / prizes.length;
  return (
    <div className="tk-wheel-wrap">
      <span className="tk-pointer" aria-hidden="true" />
      <div
        className="tk-wheel"
        data-testid="ticket-wheel"
        style={{ '--tk-seg': `${seg}deg`, transform: `rotate(${turn}deg)` } as CSSProperties}
      >
        {prizes.map((p, i) => (
          <span
            key={p.index}
            className="tk-slice-label"
            style={{ transform: `rotate(${(i + 0.5) * seg}deg)` }}
          >
            <span>{text(p)}</span>
          </span>
        ))}
      </div>
    </div>
  );
}

function Proof({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tickets');
  const p = ticket.proof;
  if (!p) return null;
  const href = ticketVerifyHref(ticket);
  return (
    <details className="tk-proof">
      <summary>{t('proof.title')}</summary>
      <dl className="tk-proof-list">
        <dt>{t('proof.hash')}</dt>
        <dd className="tk-mono">{p.serverSeedHash}</dd>
        <dt>{t('proof.clientSeed')}</dt>
        <dd className="tk-mono">{p.clientSeed}</dd>
        <dt>{t('proof.nonce')}</dt>
        <dd className="tk-mono">{p.nonce}</dd>
        <dt>{t('proof.float')}</dt>
        <dd className="tk-mono">
          {p.float} → ⌊{p.float} × {ticket.totalWeight}⌋ = {p.bucket}
        </dd>
        <dt>{t('proof.seed')}</dt>
        <dd className="tk-mono">{p.serverSeed ?? t('proof.notRevealed')}</dd>
      </dl>
      <p className="small muted">
        {t('proof.how')} <Link to={href ?? '/verify'}>{t('proof.verify')}</Link>
      </p>
    </details>
  );
}

/**
 * One ticket being opened: the server draws first, then the wheel turns to the drawn slice (or
 * the envelope opens, the egg cracks); with reduced motion the prize shows at once.
 */
export function TicketStage({ ticket, onNext }: { ticket: Ticket; onNext: () => void }) {
  const { t } = useTranslation('tickets');
  const text = usePrizeText();
  const open = useOpenTicket();
  const refresh = useRefreshAfterDraw();
  const [turn, setTurn] = useState(0);
  const [phase, setPhase] = useState<'ready' | 'playing' | 'done'>(
    ticket.status === 'opened' ? 'done' : 'ready',
  );
  const [shown, setShown] = useState<Ticket>(ticket);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function play() {
    setError(null);
    setPhase('playing');
    let r: Ticket;
    try {
      r = await open.mutateAsync(ticket.id);
    } catch (e) {
      setPhase('ready');
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
      return;
    }
    const idx = r.result?.index ?? 0;
    const seg = 360 / r.prizes.length;
    // The pointer is at the top: turn so the middle of the drawn slice ends under it.
    setTurn(TURNS * 360 + (360 - (idx + 0.5) * seg));
    const finish = () => {
      setShown(r);
      setPhase('done');
      void refresh();
    };
    if (reducedMotion()) finish();
    else timer.current = setTimeout(finish, PLAY_MS[ticket.kind]);
  }

  const kind = ticket.kind;
  const verb = t(`open.${kind}`);
  return (
    <section className="card stack tk-stage" aria-labelledby="tk-stage-title" data-kind={kind}>
      <h3 id="tk-stage-title" className="tk-title">
        {t(`kind.${kind}`)}
        {ticket.title ? ` · ${ticket.title}` : ''}
      </h3>
      {kind === 'WHEEL' ? (
        <Wheel prizes={ticket.prizes} turn={turn} />
      ) : (
        <div
          className={`tk-${kind === 'ENVELOPE' ? 'envelope' : 'egg'}${phase !== 'ready' ? ' is-open' : ''}`}
          data-testid="ticket-object"
          aria-hidden="true"
        >
          <span className="tk-object-mark">{kind === 'ENVELOPE' ? '福' : ''}</span>
        </div>
      )}
      <div aria-live="polite">
        {phase === 'done' && shown.result && (
          <p className="tk-result" data-testid="ticket-result">
            {shown.result.type === 'nothing'
              ? t('result.nothing')
              : t('result.won', { prize: text(shown.result) })}
          </p>
        )}
      </div>
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      {phase === 'done' ? (
        <>
          <Proof ticket={shown} />
          <Button variant="secondary" onClick={onNext}>
            {t('next')}
          </Button>
        </>
      ) : (
        <Button onClick={play} loading={phase === 'playing'} data-testid="ticket-play">
          {verb}
        </Button>
      )}
    </section>
  );
}
