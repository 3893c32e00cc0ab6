import { LOTTERY_PRIZE_MODES, type LotteryPrizeMode } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import { EditDialog, saveThenClose } from './edit-dialog.tsx';
import {
  type LotteryBetTypeRow,
  type LotteryGameRow,
  useLotteryConfig,
  usePutGame,
  usePutOdds,
  validMoney,
  validOdds,
  validPercent,
} from './lottery-admin-api.ts';
import './games-admin.css';

const oddsText = (o: LotteryBetTypeRow['odds']) =>
  typeof o === 'string'
    ? `${o}×`
    : Object.entries(o)
        .map(([k, v]) => `${k} ${v}×`)
        .join(' · ');

/** One bet type of the prize mode: its odds (one per prize tier for 4D/3D/2D) and commission. */
function OddsDialog({
  mode,
  row,
  onClose,
}: {
  mode: LotteryPrizeMode;
  row: LotteryBetTypeRow;
  onClose(): void;
}) {
  const { t } = useTranslation('lottery-admin');
  const { t: tl } = useTranslation('lottery');
  const put = usePutOdds();
  const [odds, setOdds] = useState<string | Record<string, string>>(row.odds);
  const [commission, setCommission] = useState(row.commission);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const errs: Record<string, string> = {};
    if (typeof odds === 'string') {
      if (!validOdds(odds)) errs.odds = t('badOdds');
    } else for (const [k, v] of Object.entries(odds)) if (!validOdds(v)) errs[k] = t('badOdds');
    if (!validPercent(commission)) errs.commission = t('badPercent');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    put.mutate(
      { prizeMode: mode, betType: row.betType, odds, commission: commission.trim() },
      saveThenClose(t('saved'), onClose, (form) => setErrors({ form })),
    );
  };
  return (
    <EditDialog
      ns="lottery-admin"
      title={t('oddsTitle', { type: tl(`type.${row.betType}`), mode })}
      note={t('appliesNote')}
      error={errors.form}
      pending={put.isPending}
      saveTestId="odds-save"
      onSave={submit}
      onClose={onClose}
    >
      {typeof odds === 'string' ? (
        <TextField
          label={t('cols.odds')}
          inputMode="decimal"
          maxLength={9}
          value={odds}
          error={errors.odds}
          hint={t('oddsHint')}
          onChange={(e) => setOdds(e.target.value)}
          data-testid="odds-input"
        />
      ) : (
        Object.entries(odds).map(([tier, v]) => (
          <TextField
            key={tier}
            label={`${t('cols.odds')} · ${tl(`prize.${tier}`)}`}
            inputMode="decimal"
            maxLength={9}
            value={v}
            error={errors[tier]}
            onChange={(e) => setOdds({ ...odds, [tier]: e.target.value })}
          />
        ))
      )}
      <TextField
        label={t('cols.commission')}
        inputMode="decimal"
        maxLength={5}
        value={commission}
        error={errors.commission}
        hint={t('commissionHint')}
        onChange={(e) => setCommission(e.target.value)}
        data-testid="commission-input"
      />
    </EditDialog>
  );
}

/** A game's limits per number and per draw and its cut-off before each draw. */
function GameDialog({ game, onClose }: { game: LotteryGameRow; onClose(): void }) {
  const { t } = useTranslation('lottery-admin');
  const put = usePutGame();
  const [cutoff, setCutoff] = useState(String(game.cutoffSeconds));
  const [perNumber, setPerNumber] = useState(game.maxStakePerNumber);
  const [perDraw, setPerDraw] = useState(game.maxStakePerDraw);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const errs: Record<string, string> = {};
    const secs = Number(cutoff);
    if (!/^\d{1,5}$/.test(cutoff.trim()) || secs < 5 || secs > game.maxCutoffSeconds)
      errs.cutoff = t('badCutoff', { max: game.maxCutoffSeconds });
    if (!validMoney(perNumber)) errs.perNumber = t('badAmount');
    if (!validMoney(perDraw)) errs.perDraw = t('badAmount');
    else if (validMoney(perNumber) && Number(perNumber) > Number(perDraw))
      errs.perNumber = t('perNumberOverDraw');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    put.mutate(
      {
        gameCode: game.gameCode,
        body: { cutoffSeconds: secs, maxStakePerNumber: perNumber.trim(), maxStakePerDraw: perDraw.trim() },
      },
      saveThenClose(t('saved'), onClose, (form) => setErrors({ form })),
    );
  };
  return (
    <EditDialog
      ns="lottery-admin"
      title={t('gameTitle', { name: game.name })}
      note={t('gameNote')}
      error={errors.form}
      pending={put.isPending}
      saveTestId="game-save"
      onSave={submit}
      onClose={onClose}
    >
      <TextField
        label={t('cols.cutoff')}
        inputMode="numeric"
        maxLength={5}
        value={cutoff}
        error={errors.cutoff}
        hint={t('cutoffHint', { max: game.maxCutoffSeconds })}
        onChange={(e) => setCutoff(e.target.value)}
        data-testid="cutoff-input"
      />
      <TextField
        label={t('cols.perNumber')}
        inputMode="decimal"
        maxLength={14}
        value={perNumber}
        error={errors.perNumber}
        onChange={(e) => setPerNumber(e.target.value)}
      />
      <TextField
        label={t('cols.perDraw')}
        inputMode="decimal"
        maxLength={14}
        value={perDraw}
        error={errors.perDraw}
        onChange={(e) => setPerDraw(e.target.value)}
      />
    </EditDialog>
  );
}

/** Console › Lottery odds: per prize mode, odds and commission of every bet type; per game, limits and cut-off. */
export default function LotteryOddsPage() {
  const { t } = useTranslation('lottery-admin');
  const { t: tl } = useTranslation('lottery');
  const [mode, setMode] = useState<LotteryPrizeMode>('LOTT');
  const config = useLotteryConfig(mode);
  const [editing, setEditing] = useState<LotteryBetTypeRow | null>(null);
  const [game, setGame] = useState<LotteryGameRow | null>(null);
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="wallet-toolbar">
        <SelectField
          label={t('prizeMode')}
          value={mode}
          onChange={(e) => setMode(e.target.value as LotteryPrizeMode)}
          data-testid="prize-mode"
        >
          {LOTTERY_PRIZE_MODES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
      </div>
      {config.isPending ? (
        <Loader label={t('loading')} />
      ) : config.error ? (
        <p className="wallet-error">{errorText(config.error)}</p>
      ) : (
        <>
          <h2 className="section-title">{t('betTypes')}</h2>
          <Table<LotteryBetTypeRow>
            caption={t('betTypes')}
            captionHidden
            rows={config.data.betTypes}
            rowKey={(r) => r.betType}
            empty={t('none')}
            columns={[
              {
                key: 'type',
                header: t('cols.type'),
                render: (r) => (
                  <>
                    <strong>{tl(`type.${r.betType}`)}</strong>
                    <div className="games-admin__muted">
                      <code>{r.betType}</code>
                    </div>
                  </>
                ),
              },
              {
                key: 'odds',
                header: t('cols.odds'),
                numeric: true,
                render: (r) => <span data-testid={`odds-${r.betType}`}>{oddsText(r.odds)}</span>,
              },
              {
                key: 'commission',
                header: t('cols.commission'),
                numeric: true,
                render: (r) => <span data-testid={`commission-${r.betType}`}>{r.commission} %</span>,
              },
              {
                key: 'actions',
                header: t('cols.actions'),
                render: (r) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(r)}
                    aria-label={t('editOf', { name: tl(`type.${r.betType}`) })}
                    data-testid={`edit-${r.betType}`}
                  >
                    {t('edit')}
                  </Button>
                ),
              },
            ]}
          />
          <h2 className="section-title">{t('games')}</h2>
          <Table<LotteryGameRow>
            caption={t('games')}
            captionHidden
            rows={config.data.games}
            rowKey={(g) => g.gameCode}
            empty={t('none')}
            columns={[
              {
                key: 'game',
                header: t('cols.game'),
                render: (g) => (
                  <>
                    <strong>{g.name}</strong>
                    <div className="games-admin__muted">
                      <code>{g.gameCode}</code>
                    </div>
                  </>
                ),
              },
              {
                key: 'cutoff',
                header: t('cols.cutoff'),
                numeric: true,
                render: (g) => <span data-testid={`cutoff-${g.gameCode}`}>{g.cutoffSeconds}</span>,
              },
              {
                key: 'perNumber',
                header: t('cols.perNumber'),
                numeric: true,
                render: (g) => <Amount value={g.maxStakePerNumber} />,
              },
              {
                key: 'perDraw',
                header: t('cols.perDraw'),
                numeric: true,
                render: (g) => <Amount value={g.maxStakePerDraw} />,
              },
              {
                key: 'actions',
                header: t('cols.actions'),
                render: (g) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setGame(g)}
                    aria-label={t('editOf', { name: g.name })}
                    data-testid={`edit-game-${g.gameCode}`}
                  >
                    {t('edit')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      {editing && <OddsDialog mode={mode} row={editing} onClose={() => setEditing(null)} />}
      {game && <GameDialog game={game} onClose={() => setGame(null)} />}
    </div>
  );
}
