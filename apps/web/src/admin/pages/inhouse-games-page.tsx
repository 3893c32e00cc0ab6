import type { InhouseGame } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { Amount, DialogActions, errorText } from './cashier-ui.tsx';
import { type InhouseSettings, useInhouseSettings, usePatchInhouse } from './inhouse-admin-api.ts';
import { checkLimits, LIMITS, type Limits, useGameName } from './inhouse-admin-ui.ts';
import './games-admin.css';

const pct = (x: number) => (x * 100).toFixed(2);

/**
 * New limits of one game: typed, checked, then restated old → new before they are saved, so a
 * slip of a digit on a max payout is seen before players meet it.
 */
function LimitsDialog({ game, onClose }: { game: InhouseSettings; onClose(): void }) {
  const { t } = useTranslation('games-admin');
  const name = useGameName()(game.game);
  const patch = usePatchInhouse();
  const [draft, setDraft] = useState<Limits>({
    minBet: game.minBet,
    maxBet: game.maxBet,
    maxPayout: game.maxPayout,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Limits, string>>>({});
  const [confirming, setConfirming] = useState<Limits | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = confirming ? LIMITS.filter((k) => confirming[k] !== game[k]) : [];
  return (
    <Modal open onClose={onClose} title={t('inhouse.limitsTitle', { name })} closeLabel={t('close')}>
      {confirming ? (
        <div className="games-admin__detail">
          <p>{t('inhouse.limitsConfirmLead', { name })}</p>
          <ul className="games-admin__changes">
            {changed.map((k) => (
              <li key={k}>
                {t(`inhouse.cols.${k}`)}: <Amount value={game[k]} /> → <Amount value={confirming[k]} />
              </li>
            ))}
          </ul>
          <p className="games-admin__muted">{t('inhouse.limitsConfirmNote')}</p>
          {error && <p className="wallet-error">{error}</p>}
          <div className="wallet-actions">
            <Button
              loading={patch.isPending}
              onClick={() =>
                patch.mutate(
                  {
                    game: game.game as InhouseGame,
                    patch: Object.fromEntries(changed.map((k) => [k, confirming[k]])),
                  },
                  {
                    onSuccess: () => {
                      toast.success(t('saved'));
                      onClose();
                    },
                    onError: (err) => setError(errorText(err)),
                  },
                )
              }
            >
              {t('inhouse.limitsConfirm')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {t('inhouse.back')}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="wallet-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const checked = checkLimits(draft, game);
            if ('errors' in checked) {
              const errs: Partial<Record<keyof Limits, string>> = {};
              for (const [k, why] of Object.entries(checked.errors))
                errs[k as keyof Limits] = t(`inhouse.${why}`);
              return setErrors(errs);
            }
            setErrors({});
            setError(null);
            setConfirming(checked.next);
          }}
        >
          {LIMITS.map((k) => (
            <TextField
              key={k}
              label={t(`inhouse.cols.${k}`)}
              inputMode="decimal"
              maxLength={16}
              value={draft[k]}
              error={errors[k]}
              onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
            />
          ))}
          <DialogActions submitLabel={t('inhouse.review')} cancelLabel={t('cancel')} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
}

/** Pausing stops new rounds at once: the dialog says which game and what players will see. */
function PauseDialog({ game, onClose }: { game: InhouseSettings; onClose(): void }) {
  const { t } = useTranslation('games-admin');
  const name = useGameName()(game.game);
  const patch = usePatchInhouse();
  const pausing = !game.paused;
  return (
    <Modal
      open
      onClose={onClose}
      title={t(pausing ? 'inhouse.pauseTitle' : 'inhouse.resumeTitle', { name })}
      closeLabel={t('close')}
      size="sm"
    >
      <p>{t(pausing ? 'inhouse.pauseWarn' : 'inhouse.resumeWarn', { name })}</p>
      <div className="wallet-actions">
        <Button
          variant={pausing ? 'danger' : 'primary'}
          loading={patch.isPending}
          onClick={() =>
            patch.mutate(
              { game: game.game as InhouseGame, patch: { paused: pausing } },
              {
                onSuccess: () => {
                  toast.success(t(pausing ? 'inhouse.pausedToast' : 'inhouse.resumedToast', { name }));
                  onClose();
                },
                onError: (err) => toast.error(errorText(err)),
              },
            )
          }
        >
          {t(pausing ? 'inhouse.pauseConfirm' : 'inhouse.resumeConfirm', { name })}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('cancel')}
        </Button>
      </div>
    </Modal>
  );
}

/** Every in-house game: its published RTP, its limits (editable) and its pause switch. */
export default function InhouseGamesPage() {
  const { t } = useTranslation('games-admin');
  const nameOf = useGameName();
  const settings = useInhouseSettings();
  const [editing, setEditing] = useState<InhouseSettings | null>(null);
  const [pausing, setPausing] = useState<InhouseSettings | null>(null);
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('inhouse.title')} lead={t('inhouse.lead')} />
      {settings.isPending ? (
        <Loader label={t('loading')} />
      ) : settings.error ? (
        <p className="wallet-error">{errorText(settings.error)}</p>
      ) : (
        <Table<InhouseSettings>
          caption={t('inhouse.title')}
          captionHidden
          rows={settings.data.games}
          rowKey={(g) => g.game}
          empty={t('inhouse.none')}
          columns={[
            {
              key: 'game',
              header: t('cols.game'),
              render: (g) => (
                <>
                  <strong>{nameOf(g.game)}</strong>
                  <div className="games-admin__muted">
                    <code>{g.game}</code>
                  </div>
                </>
              ),
            },
            {
              key: 'rtp',
              header: t('inhouse.cols.rtp'),
              numeric: true,
              render: (g) => (
                <>
                  <span className="num">{pct(g.rtp)} %</span>
                  <div className="games-admin__muted">
                    {t('inhouse.houseEdge', { edge: pct(g.houseEdge) })}
                  </div>
                </>
              ),
            },
            {
              key: 'min',
              header: t('inhouse.cols.minBet'),
              numeric: true,
              render: (g) => <Amount value={g.minBet} />,
            },
            {
              key: 'max',
              header: t('inhouse.cols.maxBet'),
              numeric: true,
              render: (g) => <Amount value={g.maxBet} />,
            },
            {
              key: 'payout',
              header: t('inhouse.cols.maxPayout'),
              numeric: true,
              render: (g) => <Amount value={g.maxPayout} />,
            },
            {
              key: 'state',
              header: t('inhouse.cols.state'),
              render: (g) => (
                <span data-testid={`inhouse-state-${g.game}`}>
                  {g.paused ? t('inhouse.paused') : t('inhouse.live')}
                </span>
              ),
            },
            {
              key: 'actions',
              header: t('inhouse.cols.actions'),
              render: (g) => (
                <div className="games-admin__order">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(g)}
                    aria-label={t('inhouse.editOf', { name: nameOf(g.game) })}
                  >
                    {t('inhouse.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant={g.paused ? 'secondary' : 'ghost'}
                    onClick={() => setPausing(g)}
                    aria-label={t(g.paused ? 'inhouse.resumeOf' : 'inhouse.pauseOf', {
                      name: nameOf(g.game),
                    })}
                  >
                    {t(g.paused ? 'inhouse.resume' : 'inhouse.pause')}
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing && <LimitsDialog game={editing} onClose={() => setEditing(null)} />}
      {pausing && <PauseDialog game={pausing} onClose={() => setPausing(null)} />}
    </div>
  );
}
