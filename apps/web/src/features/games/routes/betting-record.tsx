import { GAME_CATEGORIES } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { RecordFilters, RecordList } from '../../../shared/ui/record-list.tsx';
import { Money } from '../../wallet/components/money.tsx';
import { RangePicker, useRangeText } from '../../wallet/components/range-picker.tsx';
import { type DayRange, isValidRange, lastDays, rangeQuery } from '../../wallet/lib/dates.ts';
import { formatTime } from '../../wallet/lib/time.ts';
import { type BetRound, useBettingDetail, useBettingRecord } from '../api/get-betting-record.ts';
import { useGameMenus } from '../api/get-game-menus.ts';
import '../../wallet/wallet.css';
import '../games.css';
import '../betting-record.css';

function RoundDetail({ round, onClose }: { round: BetRound; onClose(): void }) {
  const { t, i18n } = useTranslation('games');
  const detail = useBettingDetail(round);
  return (
    <Modal open onClose={onClose} title={round.gameName} closeLabel={t('close')}>
      {detail.isPending ? (
        <Loader label={t('record.details')} />
      ) : detail.error ? (
        <p className="wallet-error">{detail.error.message}</p>
      ) : (
        <div className="record-detail" data-testid="round-detail">
          <dl className="record-detail__facts">
            <dt>{t('record.game')}</dt>
            <dd>
              {detail.data.gameName} · {detail.data.vendorName}
            </dd>
            <dt>{t('record.time')}</dt>
            <dd>{formatTime(detail.data.time, i18n.language)}</dd>
            <dt>{t('record.bet')}</dt>
            <dd>
              <Money value={detail.data.bet} />
            </dd>
            {detail.data.commission !== undefined && (
              <>
                <dt>{t('record.commission')}</dt>
                <dd data-testid="round-commission">
                  <Money value={detail.data.commission} />
                </dd>
              </>
            )}
            <dt>{t('record.win')}</dt>
            <dd>
              <Money value={detail.data.win} />
            </dd>
            <dt>{t('record.net')}</dt>
            <dd>
              <Money value={detail.data.net} signed />
            </dd>
            <dt>{t('record.status')}</dt>
            <dd>
              {t(`record.statuses.${detail.data.status}`)}
              {detail.data.trial ? ` · ${t('record.trial')}` : ''}
            </dd>
          </dl>
          <RecordList
            caption={t('record.entries')}
            rows={detail.data.entries}
            rowKey={(e) => e.id}
            empty={t('record.none')}
            columns={[
              {
                key: 'time',
                header: t('record.time'),
                card: 'time',
                render: (e) => formatTime(e.time, i18n.language),
              },
              {
                key: 'stake',
                header: t('record.bet'),
                numeric: true,
                card: 'amount',
                render: (e) => <Money value={e.stake} />,
              },
              {
                key: 'payout',
                header: t('record.win'),
                numeric: true,
                card: 'result',
                render: (e) => <Money value={e.payout} />,
              },
              {
                key: 'status',
                header: t('record.status'),
                card: 'title',
                render: (e) => t(`record.statuses.${e.status}`),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/** Member centre › personalHistoryCopy (betting record): vendor, type and date filters, totals, detail. */
export default function BettingRecordPage() {
  const { t, i18n } = useTranslation('games');
  const { t: tw } = useTranslation('wallet');
  const [vendor, setVendor] = useState('');
  const [gameType, setGameType] = useState('');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<BetRound | null>(null);
  const menus = useGameMenus();
  const vendors = [
    ...new Map(
      (menus.data?.lanes ?? []).flatMap((l) =>
        l.gameClassify.map((v) => [v.vassalage, v.displayName] as const),
      ),
    ),
  ];
  const valid = isValidRange(range);
  const rangeText = useRangeText(range);
  const record = useBettingRecord({
    pageNo: page,
    pageSize: 20,
    vendor: vendor || undefined,
    gameType: gameType || undefined,
    ...(valid ? rangeQuery(range) : {}),
  });
  const change = (fn: () => void) => {
    fn();
    setPage(1);
  };
  const totals = record.data?.totals;
  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby="bets-title">
        <h3 id="bets-title" className="visually-hidden">
          {t('record.totals')}
        </h3>
        <RecordFilters
          summary={[
            vendors.find(([code]) => code === vendor)?.[1] ?? t('record.allVendors'),
            gameType ? t(`common:categories.${gameType}`) : t('record.allTypes'),
            rangeText,
          ].join(' · ')}
        >
          <div className="wallet-toolbar record-filters">
            <SelectField
              label={t('record.vendor')}
              value={vendor}
              onChange={(e) => change(() => setVendor(e.target.value))}
            >
              <option value="">{t('record.allVendors')}</option>
              {vendors.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('record.type')}
              value={gameType}
              onChange={(e) => change(() => setGameType(e.target.value))}
            >
              <option value="">{t('record.allTypes')}</option>
              {GAME_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`common:categories.${c}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <RangePicker value={range} onChange={(r) => change(() => setRange(r))} />
        </RecordFilters>
        {totals && (
          <dl className="record-totals" data-testid="bet-totals">
            <div>
              <dt>{t('record.totals')}</dt>
              <dd>{t('record.rounds', { count: totals.count })}</dd>
            </div>
            <div>
              <dt>{t('record.bet')}</dt>
              <dd>
                <Money value={totals.bet} />
              </dd>
            </div>
            <div>
              <dt>{t('record.validBet')}</dt>
              <dd>
                <Money value={totals.validBet} />
              </dd>
            </div>
            <div>
              <dt>{t('record.win')}</dt>
              <dd>
                <Money value={totals.win} />
              </dd>
            </div>
            <div>
              <dt>{t('record.net')}</dt>
              <dd>
                <Money value={totals.net} signed />
              </dd>
            </div>
          </dl>
        )}
        {record.isPending ? (
          <Loader label={t('loadingGames')} />
        ) : record.error ? (
          <p className="wallet-error">{record.error.message}</p>
        ) : (
          <>
            <RecordList<BetRound>
              caption={t('record.totals')}
              captionHidden
              rows={record.data.content}
              rowKey={(r) => `${r.vendor}-${r.roundId}`}
              empty={t('record.none')}
              columns={[
                {
                  key: 'time',
                  header: t('record.time'),
                  card: 'time',
                  render: (r) => formatTime(r.time, i18n.language),
                },
                {
                  key: 'game',
                  header: t('record.game'),
                  card: 'title',
                  render: (r) => (
                    <>
                      {r.gameName}
                      <span className="muted small"> · {r.vendorName}</span>
                      {r.trial && <span className="muted small"> · {t('record.trial')}</span>}
                    </>
                  ),
                },
                {
                  key: 'bet',
                  header: t('record.bet'),
                  numeric: true,
                  card: 'amount',
                  render: (r) => <Money value={r.bet} />,
                },
                {
                  key: 'win',
                  header: t('record.win'),
                  numeric: true,
                  render: (r) => <Money value={r.win} />,
                },
                {
                  key: 'net',
                  header: t('record.net'),
                  numeric: true,
                  card: 'result',
                  render: (r) => <Money value={r.net} signed />,
                },
                {
                  key: 'validBet',
                  header: t('record.validBet'),
                  numeric: true,
                  cardOnly: true,
                  render: (r) => <Money value={r.validBet} />,
                },
                {
                  key: 'status',
                  header: t('record.status'),
                  render: (r) => t(`record.statuses.${r.status}`),
                },
                {
                  key: 'detail',
                  header: t('record.details'),
                  render: (r) => (
                    <button type="button" className="link-btn" onClick={() => setOpen(r)}>
                      {t('record.details')}
                    </button>
                  ),
                  renderCard: (r) => (
                    <button type="button" className="link-btn" onClick={() => setOpen(r)}>
                      {t('record.entries')}
                    </button>
                  ),
                },
              ]}
            />
            <Pagination
              page={page}
              totalPages={record.data.totalPages}
              onChange={setPage}
              labels={{
                nav: tw('pager.nav'),
                previous: tw('pager.previous'),
                next: tw('pager.next'),
                page: (n) => tw('pager.page', { n }),
              }}
            />
          </>
        )}
      </section>
      {open && <RoundDetail round={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
