import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../shared/ui/loader.tsx';

// The member centre's betting record, its own chunk: the agent's bets are the same rounds.
const BettingRecord = lazy(() => import('../../games/routes/betting-record.tsx'));

/** SPEC §2 agent centre `personalHistoryCopy`: the agent's own betting record. */
export default function MyBetsSection() {
  const { t } = useTranslation('agent-centre');
  return (
    <section className="agent-section" aria-labelledby="agent-my-bets">
      <h2 id="agent-my-bets">{t('menu.myBets')}</h2>
      <Suspense fallback={<Loader label={t('common:loading')} />}>
        <BettingRecord />
      </Suspense>
    </section>
  );
}
