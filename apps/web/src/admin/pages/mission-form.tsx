import { MISSION_METRICS, MISSION_PERIODS, type MissionMetric, type MissionPeriod } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { BilingualField } from './bilingual-field.tsx';
import { errorText } from './cashier-ui.tsx';
import { type AdminMission, useSaveMission } from './missions-admin-api.ts';

/** Create or change one mission: period, what counts, target and reward. */
export function MissionForm({ mission, onDone }: { mission: AdminMission | null; onDone(): void }) {
  const { t } = useTranslation('missions-admin');
  const save = useSaveMission();
  const [title, setTitle] = useState(mission?.title ?? '');
  const [description, setDescription] = useState(mission?.description ?? '');
  const [titleNe, setTitleNe] = useState(mission?.titleNe ?? '');
  const [descriptionNe, setDescriptionNe] = useState(mission?.descriptionNe ?? '');
  const [period, setPeriod] = useState<MissionPeriod>(mission?.period ?? 'day');
  const [metric, setMetric] = useState<MissionMetric>(mission?.metric ?? 'valid_bet');
  const [gameType, setGameType] = useState(mission?.gameType ?? '');
  const [target, setTarget] = useState(mission?.target ?? '');
  const [reward, setReward] = useState(mission?.reward ?? '');
  const [wagering, setWagering] = useState(String(mission?.wageringMultiplier ?? 0));
  const [enabled, setEnabled] = useState(mission?.enabled ?? true);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: mission?.id ?? null,
        input: {
          title,
          description,
          titleNe,
          descriptionNe,
          period,
          metric,
          gameType: metric === 'deposit' || gameType.trim() === '' ? null : gameType.trim(),
          target: target.trim(),
          reward: reward.trim(),
          wageringMultiplier: /^\d{1,3}$/.test(wagering.trim()) ? Number(wagering.trim()) : -1,
          enabled,
          sort: mission?.sort ?? 0,
        },
      },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onDone();
        },
      },
    );
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <BilingualField
        label={t('f.title')}
        en={title}
        ne={titleNe}
        error={fields.title}
        errorNe={fields.titleNe}
        onEn={(e) => setTitle(e.target.value)}
        onNe={(e) => setTitleNe(e.target.value)}
      />
      <BilingualField
        label={t('f.description')}
        en={description}
        ne={descriptionNe}
        error={fields.description}
        errorNe={fields.descriptionNe}
        onEn={(e) => setDescription(e.target.value)}
        onNe={(e) => setDescriptionNe(e.target.value)}
      />
      <SelectField
        label={t('f.period')}
        value={period}
        onChange={(e) => setPeriod(e.target.value as MissionPeriod)}
      >
        {MISSION_PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(`period.${p}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('f.metric')}
        value={metric}
        onChange={(e) => setMetric(e.target.value as MissionMetric)}
      >
        {MISSION_METRICS.map((m) => (
          <option key={m} value={m}>
            {t(`metric.${m}`)}
          </option>
        ))}
      </SelectField>
      {metric !== 'deposit' && (
        <TextField
          label={t('f.gameType')}
          hint={t('f.gameTypeHint')}
          value={gameType}
          error={fields.gameType}
          onChange={(e) => setGameType(e.target.value)}
        />
      )}
      <TextField
        label={metric === 'rounds' ? t('f.targetRounds') : t('f.targetAmount')}
        inputMode={metric === 'rounds' ? 'numeric' : 'decimal'}
        value={target}
        error={fields.target}
        onChange={(e) => setTarget(e.target.value)}
      />
      <TextField
        label={t('f.reward')}
        inputMode="decimal"
        value={reward}
        error={fields.reward}
        onChange={(e) => setReward(e.target.value)}
      />
      <TextField
        label={t('f.wagering')}
        hint={t('f.wageringHint')}
        inputMode="numeric"
        value={wagering}
        error={fields.wageringMultiplier}
        onChange={(e) => setWagering(e.target.value)}
      />
      <label className="chip-row">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('f.enabled')}
      </label>
      {save.error && <p className="wallet-error">{errorText(save.error)}</p>}
      <Button type="submit" disabled={save.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
