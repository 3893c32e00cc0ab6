import { type BlackjackAction, handTotal } from '@wps/games';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { type RoundResult, useAction, useCurrentRound, usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, StakeField, useStake, keyed } from '../components/shared.tsx';
import { CardFace, cardOf } from './cards.tsx';

interface View {
  phase: 'insurance' | 'playing' | 'done';
  dealer: number[];
  hands: { cards: number[]; stake: number; status: string; payout: number }[];
  active: number;
  actions: BlackjackAction[];
}

function Hand({ cards, label }: { cards: number[]; label: string }) {
  return (
    <div className="ih-hand">
      <span className="small muted">
        {label} · {handTotal(cards).total}
      </span>
      <span className="ih-cards">
        {keyed(cards).map(({ key, value: c }) => (
          <CardFace key={key} card={cardOf(c)} />
        ))}
      </span>
    </div>
  );
}

/** Blackjack: deal, then hit/stand/double/split/insurance; an unfinished hand comes back (recall). */
export default function BlackjackGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const current = useCurrentRound('blackjack');
  const play = usePlay('blackjack');
  const act = useAction('blackjack');
  // `version` counts the answers shown, so a reader (assistive tech, the journey test) can tell
  // that the table on screen is the latest one.
  const [{ round, version }, setShown] = useState<{ round: RoundResult | null; version: number }>({
    round: null,
    version: 0,
  });
  useEffect(() => {
    const r = current.data?.round;
    if (r) setShown((s) => ({ round: r, version: s.version + 1 }));
  }, [current.data]);
  useEffect(() => {
    const r = play.data;
    if (r) setShown((s) => ({ round: r, version: s.version + 1 }));
  }, [play.data]);
  useEffect(() => {
    const r = act.data;
    if (r) setShown((s) => ({ round: r, version: s.version + 1 }));
  }, [act.data]);
  const view = round?.outcome as View | undefined;
  const open = round?.status === 'open';
  return (
    <div className="ih-game stack" data-testid="blackjack" data-version={version}>
      {view && (
        <div className="ih-table" data-testid="blackjack-table">
          <Hand cards={view.dealer} label={t('blackjack.dealer')} />
          {keyed(view.hands).map(({ key, value: h }, i) => (
            <div
              key={key}
              className={i === view.active && open ? 'ih-hand--active' : undefined}
              data-testid="blackjack-hand"
            >
              <Hand
                cards={h.cards}
                label={`${t('blackjack.hand', { n: i + 1 })} · ${t(`blackjack.status.${h.status}`)}`}
              />
            </div>
          ))}
        </div>
      )}
      {open && view ? (
        <div className="row ih-actions">
          {view.actions.map((a) => (
            <Button
              key={a}
              variant={a === 'stand' ? 'secondary' : 'primary'}
              loading={act.isPending}
              onClick={() => act.mutate({ roundId: round.roundId, action: a })}
            >
              {t(`blackjack.actions.${a}`)}
            </Button>
          ))}
        </div>
      ) : (
        <>
          <StakeField value={stake} onChange={setStake} info={info} />
          <Button block loading={play.isPending} onClick={() => play.mutate({ amount: stake })}>
            {t('blackjack.deal')}
          </Button>
        </>
      )}
      <ErrorLine error={play.error ?? act.error} />
      {round && <RoundLine round={round} />}
    </div>
  );
}
