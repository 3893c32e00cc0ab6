import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { useRotateSeeds, useSeeds } from '../api/inhouse.ts';
import { ErrorLine } from './shared.tsx';

/** The player's seed pair: the committed server-seed hash, the client seed, the nonce; rotation. */
export function FairnessPanel() {
  const { t } = useTranslation('inhouse');
  const seeds = useSeeds();
  const rotate = useRotateSeeds();
  const [clientSeed, setClientSeed] = useState('');
  const revealed = rotate.data?.revealed ?? seeds.data?.previous ?? null;
  return (
    <details className="ih-fairness card" data-testid="fairness-panel">
      <summary>{t('fairness.title')}</summary>
      {seeds.data && (
        <dl className="ih-dl small">
          <dt>{t('fairness.serverSeedHash')}</dt>
          <dd className="ih-mono" data-testid="server-seed-hash">
            {seeds.data.serverSeedHash}
          </dd>
          <dt>{t('clientSeed')}</dt>
          <dd className="ih-mono">{seeds.data.clientSeed}</dd>
          <dt>{t('nonce')}</dt>
          <dd className="ih-mono" data-testid="seed-nonce">
            {seeds.data.nonce}
          </dd>
          <dt>{t('fairness.nextServerSeedHash')}</dt>
          <dd className="ih-mono" data-testid="next-server-seed-hash">
            {seeds.data.nextServerSeedHash}
          </dd>
        </dl>
      )}
      <label className="ih-field">
        <span>{t('fairness.newClientSeed')}</span>
        <input
          className="input"
          maxLength={64}
          value={clientSeed}
          onChange={(e) => setClientSeed(e.target.value)}
        />
      </label>
      <Button
        variant="secondary"
        loading={rotate.isPending}
        onClick={() => rotate.mutate(clientSeed || undefined)}
      >
        {t('fairness.rotate')}
      </Button>
      <ErrorLine error={rotate.error} />
      {revealed && (
        <div className="small" data-testid="revealed-seed">
          <p>{t('fairness.revealed')}</p>
          <p className="ih-mono">{revealed.serverSeed}</p>
          <p className="muted">
            {t('clientSeed')} {revealed.clientSeed} · {t('fairness.lastNonce')} {revealed.lastNonce}
          </p>
        </div>
      )}
      <p className="small">
        <Link to="/verify">{t('fairness.openVerifier')}</Link>
      </p>
    </details>
  );
}
