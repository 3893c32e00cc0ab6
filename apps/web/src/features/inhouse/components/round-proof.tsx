import { useTranslation } from 'react-i18next';
import { blockFloats, humanKey, type ProofLine, proofLines, rupees } from '../lib/proof-view.ts';

export interface RoundProofData {
  serverSeed: string;
  /** The hash the game showed before play (empty: not given, nothing to compare). */
  serverSeedHash: string;
  /** SHA-256 of the server seed, computed here. */
  seedHash: string;
  clientSeed: string;
  nonce: number;
  block0: string;
  bet: unknown;
  outcome: unknown;
  /** Paisa, as the engines count. */
  stake: number;
  payout: number;
}

/** A field's label from its key path: "Hand 1 › Stake". */
function useLineLabel() {
  const { t } = useTranslation('inhouse');
  return (path: ProofLine['path']) =>
    path.reduce<string>((label, p) => {
      if (typeof p === 'number') return `${label} ${p}`;
      const word = t(`verify.proof.keys.${p}`, { defaultValue: humanKey(p) });
      return label ? `${label} › ${word}` : word;
    }, '');
}

/** An engine's word for a value ("over", "stood") in the reader's language; numbers and seeds as they are. */
function useValueText() {
  const { t } = useTranslation('inhouse');
  return (l: ProofLine) =>
    !l.money && /^[a-z]+$/.test(l.value)
      ? t(`verify.proof.values.${l.value}`, { defaultValue: l.value })
      : l.value;
}

function Lines({ value, testId }: { value: unknown; testId?: string }) {
  const { t } = useTranslation('inhouse');
  const label = useLineLabel();
  const text = useValueText();
  const lines = proofLines(value, { yes: t('verify.proof.yes'), no: t('verify.proof.no') });
  return (
    <dl className="ih-dl ih-proof-lines" data-testid={testId}>
      {lines.map((l) => (
        <div key={l.path.join('.')} className="ih-proof-line">
          <dt>{label(l.path)}</dt>
          <dd className={l.money ? 'num' : undefined}>{text(l)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Under the bet field: what the bet as typed (amounts in paisa) reads as, amounts in rupees. */
export function BetReads({ bet }: { bet: unknown }) {
  const { t } = useTranslation('inhouse');
  const label = useLineLabel();
  const text = useValueText();
  const lines = proofLines(bet, { yes: t('verify.proof.yes'), no: t('verify.proof.no') });
  return (
    <p className="small" data-testid="verify-bet-reads">
      {t('verify.proof.betReads')} {lines.map((l) => `${label(l.path)} ${text(l)}`).join(' · ')}
    </p>
  );
}

/**
 * The verifier's answer for an in-house round, step by step (issue 27): the seed against the hash
 * shown before play, the HMAC block and the numbers it gives, the bet and the result in labelled
 * fields, stake and payout in rupees. The raw JSON stays one tap away for anyone who wants it.
 */
export function RoundProof({ proof }: { proof: RoundProofData }) {
  const { t } = useTranslation('inhouse');
  const hashOk = proof.serverSeedHash ? proof.seedHash === proof.serverSeedHash.toLowerCase() : null;
  const message = `${proof.clientSeed}:${proof.nonce}:0`;
  return (
    <section
      className="card stack"
      data-testid="verify-result"
      aria-live="polite"
      aria-labelledby="proof-title"
    >
      <h2 id="proof-title">{t('verify.proof.title')}</h2>
      <ol className="ih-steps">
        <li>
          <h3>{t('verify.proof.step1')}</h3>
          <dl className="ih-dl">
            <dt>{t('verify.proof.seedRevealed')}</dt>
            <dd className="ih-mono">{proof.serverSeed}</dd>
            <dt>{t('verify.proof.seedHashNow')}</dt>
            <dd className="ih-mono">{proof.seedHash}</dd>
            {proof.serverSeedHash && (
              <>
                <dt>{t('verify.proof.seedHashShown')}</dt>
                <dd className="ih-mono">{proof.serverSeedHash}</dd>
              </>
            )}
          </dl>
          {hashOk !== null && (
            <p className={hashOk ? 'text-success' : 'text-danger'} data-testid="verify-hash">
              {hashOk ? t('verify.hashOk') : t('verify.hashBad')}
            </p>
          )}
        </li>
        <li>
          <h3>{t('verify.proof.step2')}</h3>
          <dl className="ih-dl">
            <dt>{t('verify.proof.hmac', { message })}</dt>
            <dd className="ih-mono" data-testid="verify-block">
              {proof.block0}
            </dd>
            <dt>{t('verify.proof.floats')}</dt>
            <dd className="num">
              {blockFloats(proof.block0)
                .map((f) => f.toFixed(6))
                .join(' · ')}
            </dd>
          </dl>
        </li>
        <li>
          <h3>{t('verify.proof.step3')}</h3>
          <Lines value={proof.bet} testId="verify-bet" />
        </li>
        <li>
          <h3>{t('verify.proof.step4')}</h3>
          <Lines value={proof.outcome} testId="verify-outcome" />
        </li>
        <li>
          <h3>{t('verify.proof.step5')}</h3>
          <dl className="ih-dl ih-proof-lines">
            <div className="ih-proof-line">
              <dt>{t('verify.proof.stake')}</dt>
              <dd className="num" data-testid="verify-stake">
                {rupees(proof.stake)}
              </dd>
            </div>
            <div className="ih-proof-line">
              <dt>{t('verify.proof.payout')}</dt>
              <dd className="num" data-testid="verify-payout">
                {rupees(proof.payout)}
              </dd>
            </div>
          </dl>
        </li>
      </ol>
      <details className="small">
        <summary>{t('verify.proof.raw')}</summary>
        <pre className="ih-mono ih-pre">
          {JSON.stringify(
            { bet: proof.bet, outcome: proof.outcome, stake: proof.stake, payout: proof.payout },
            null,
            1,
          )}
        </pre>
      </details>
    </section>
  );
}
