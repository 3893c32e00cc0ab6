import type { Game } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupMoney } from '../../../app/layouts/balance-format.ts';
import { api } from '../../../shared/api/client.ts';
import { jackpotShown } from '../../games/lib/jackpot.ts';
import { useJackpotPools } from '../../jackpot/api.ts';
import { ErrorLine } from './shared.tsx';
import '../inhouse.css';
import '../../jackpot/jackpot.css';

/**
 * The in-house vendor's catalogue entries (/rng?vassalage=INHOUSE); each opens our own game page,
 * and shows the jackpot pool that covers it, if one does (issue 31).
 */
export default function InhouseTiles() {
  const { t, i18n } = useTranslation('inhouse');
  const { t: tj } = useTranslation('jackpot');
  const pools = useJackpotPools().data?.pools;
  const games = useQuery({
    queryKey: ['games', 'list', 'INHOUSE', i18n.language],
    queryFn: ({ signal }) =>
      api.get<{ content: Game[] }>('/wps/relay/GCS_games', {
        signal,
        query: { vassalage: 'INHOUSE', gameType: 'INHOUSE', pageSize: 50 },
      }),
  });
  return (
    <section aria-label={t('tiles.title')}>
      <ErrorLine error={games.error} />
      <ul className="ih-tiles">
        {games.data?.content.map((g) => (
          <li key={g.gameId}>
            {g.maintenance ? (
              <span className="ih-tile is-off">
                <img src={g.iconUrl} alt="" width={96} height={96} loading="lazy" />
                <span>{g.displayName}</span>
                <small className="muted">{t('tiles.soon')}</small>
              </span>
            ) : (
              <Link className="ih-tile" to={`/rng/inhouse/${g.gameCode}`} data-game={g.gameCode}>
                <img src={g.iconUrl} alt="" width={96} height={96} loading="lazy" />
                <span>{g.displayName}</span>
                {g.rtp && <small className="muted">{t('tiles.rtp', { rtp: g.rtp })}</small>}
                {jackpotShown(g, pools) !== null && (
                  // The pool that covers this game, as the ledger held it at the last poll.
                  <small className="ih-tile__jackpot" data-testid="tile-jackpot">
                    {tj('tile')} <strong>{groupMoney(jackpotShown(g, pools)!)}</strong>
                  </small>
                )}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
