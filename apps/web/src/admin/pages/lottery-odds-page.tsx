import { LOTTERY_PRIZE_MODES, type LotteryPrizeMode } from '@wps/contract';
import { compareFractions, LOTTERY_RTP_LIMIT, lotteryRtp, rtpPercent } from '@wps/games';
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

const hundredths = (v: string) => Math.round(Number(v) * 100);

/**
 * The exact RTP of the odds being typed (the server's own computation, @wps/games), null while a
 * value is not a valid multiplier; `over` when the server would refuse them.
 */
function previewRtp(row: LotteryBetTypeRow, odds: string | Record<string, string>) {
  const values = typeof odds === 'string' ? [odds] : Object.values(odds);
  if (!values.every(validOdds)) return null;
  const r = lotteryRtp(
    row.structure,
    row.betType,
    typeof odds === 'string'
      ? hundredths(odds)
      : Object.fromEntries(Object.entries(odds).map(([k, v]) => [k, hundredths(v)])),
  );
  return { rtp: rtpPercent(r), over: compareFractions(r, LOTTERY_RTP_LIMIT) >= 0 };
}

/** One bet type of the prize mode on one structure: its odds (one per prize tier for 4D/3D/2D) and commission. */
function OddsDialog({
  mode,
  row,
  rtpLimit,
  onClose,
}: {
  mode: LotteryPrizeMode;
  row: LotteryBetTypeRow;
  rtpLimit: string;
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
    // A refusal (odds at or above the RTP limit) comes back as the server's message, shown below.
    put.mutate(
      {
        prizeMode: mode,
        structure: row.structure,
        betType: row.betType,
        odds,
        commission: commission.trim(),
      },
      saveThenClose(t('saved'), onClose, (form) => setErrors({ form })),
    );
  };
  const preview = previewRtp(row, odds);
  return (
    <EditDialog
      ns="lottery-admin"
      title={t('oddsTitle', {
        type: tl(`type.${row.betType}`),
        mode,
        structure: t(`structure.${row.structure}`),
      })}
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
      {preview && (
        <p className={preview.over ? 'wallet-error' : 'games-admin__muted'} data-testid="rtp-preview">
          {t(preview.over ? 'rtpOver' : 'rtpPreview', { rtp: preview.rtp, limit: rtpLimit })}
        </p>
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

/**
 * Console › Lottery odds: per prize mode, the odds, exact RTP and commission of every bet type on
 * each draw structure the mode sells; per game, limits and cut-off.
 */
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
            rowKey={(r) => `${r.structure}:${r.betType}`}
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
                key: 'structure',
                header: t('cols.structure'),
                render: (r) => (
                  <span data-testid={`structure-${r.structure}-${r.betType}`}>
                    {t(`structure.${r.structure}`)}
                  </span>
                ),
              },
              {
                key: 'odds',
                header: t('cols.odds'),
                numeric: true,
                render: (r) => (
                  <span data-testid={`odds-${r.structure}-${r.betType}`}>{oddsText(r.odds)}</span>
                ),
              },
              {
                key: 'rtp',
                header: t('cols.rtp'),
                numeric: true,
                render: (r) => <span data-testid={`rtp-${r.structure}-${r.betType}`}>{r.rtp} %</span>,
              },
              {
                key: 'commission',
                header: t('cols.commission'),
                numeric: true,
                render: (r) => (
                  <span data-testid={`commission-${r.structure}-${r.betType}`}>{r.commission} %</span>
                ),
              },
              {
                key: 'actions',
                header: t('cols.actions'),
                render: (r) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(r)}
                    aria-label={t('editOf', {
                      name: `${tl(`type.${r.betType}`)} · ${t(`structure.${r.structure}`)}`,
                    })}
                    data-testid={`edit-${r.structure}-${r.betType}`}
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
      {editing && config.data && (
        <OddsDialog
          mode={mode}
          row={editing}
          rtpLimit={config.data.rtpLimit}
          onClose={() => setEditing(null)}
        />
      )}
      {game && <GameDialog game={game} onClose={() => setGame(null)} />}
    </div>
  );
}
