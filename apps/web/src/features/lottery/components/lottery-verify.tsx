import { drawLottery, type LotteryStructureId } from '@wps/games';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../shared/api/client.ts';
import { VerifierCard } from '../../inhouse/components/verifier-card.tsx';
import { runInBrowser, sha256Hex } from '../../inhouse/lib/replay.ts';
import type { LotteryDraw } from '../api/lottery.ts';

interface Verdict {
  hashOk: boolean;
  resultsOk: boolean;
  recomputed: Record<string, string[]>;
}

/** An official-result draw (issue 28): nothing to recompute; its result, source and approver. */
interface OfficialVerdict {
  draw: LotteryDraw;
}

/** The prize structure a draw's result keys name (DB…G7 North, DB…G8 Central/South, P1… SEA 4D). */
const structureOf = (results: Record<string, string[]>): LotteryStructureId =>
  'P1' in results ? 'sea4d' : 'G8' in results ? 'south' : 'north';

/**
 * The public verifier for lottery draws (/verify?lotteryGame=&drawId=): fetches the draw's opened
 * numbers and revealed seed, checks sha256(seed) against the hash published before the draw, and
 * redraws it in the browser (Web Crypto HMAC blocks, the same drawing code the server ran).
 */
export function LotteryVerify({ initialGame, initialDraw }: { initialGame: string; initialDraw: string }) {
  const { t } = useTranslation('lottery');
  const [gameCode, setGameCode] = useState(initialGame);
  const [drawId, setDrawId] = useState(initialDraw);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [official, setOfficial] = useState<OfficialVerdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify(e?: FormEvent) {
    e?.preventDefault();
    setVerdict(null);
    setOfficial(null);
    setError(null);
    setBusy(true);
    try {
      const q = new URLSearchParams({ gameCode: gameCode.trim(), drawId: drawId.trim() });
      const { draws } = await api.get<{ draws: LotteryDraw[] }>(`/lgw/vn/numeros/opened/game?${q}`);
      const d = draws[0];
      if (!d) throw new Error(t('verify.notFound'));
      if (d.resultSource === 'official') {
        setOfficial({ draw: d });
        return;
      }
      if (!d.serverSeed || !d.results) throw new Error(t('verify.notDrawn'));
      const structure = structureOf(d.results);
      const seeds = { serverSeed: d.serverSeed, clientSeed: d.drawId, nonce: 0 };
      const { blocks: _blocks, ...recomputed } = await runInBrowser(seeds, (src) =>
        drawLottery(src, structure),
      );
      setVerdict({
        hashOk: (await sha256Hex(d.serverSeed)) === d.serverSeedHash.toLowerCase(),
        resultsOk: JSON.stringify(recomputed) === JSON.stringify(d.results),
        recomputed: recomputed as Record<string, string[]>,
      });
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  // A link from a result (?lotteryGame=&drawId=) verifies at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the link's draw
  useEffect(() => {
    if (initialGame && initialDraw) void verify();
  }, []);

  return (
    <VerifierCard
      id="lottery-verify"
      title={t('verify.title')}
      lead={t('verify.lead')}
      fields={[
        { name: 'lotteryGame', label: t('verify.gameCode'), value: gameCode, onChange: setGameCode },
        { name: 'drawId', label: t('verify.drawId'), value: drawId, onChange: setDrawId },
      ]}
      runLabel={t('verify.run')}
      busy={busy}
      disabled={!gameCode || !drawId}
      onVerify={verify}
      error={error}
    >
      {official && <OfficialResult draw={official.draw} />}
      {verdict && (
        <div data-testid="lottery-verify-result" aria-live="polite">
          <p className={verdict.hashOk ? 'text-success' : 'text-danger'} data-testid="lottery-verify-hash">
            {verdict.hashOk ? t('verify.hashOk') : t('verify.hashBad')}
          </p>
          <p
            className={verdict.resultsOk ? 'text-success' : 'text-danger'}
            data-testid="lottery-verify-results"
          >
            {verdict.resultsOk ? t('verify.resultsOk') : t('verify.resultsBad')}
          </p>
          <PrizeList results={verdict.recomputed} />
        </div>
      )}
    </VerifierCard>
  );
}

/** A draw's numbers by prize, each prize by its name (issue 27: the proof reads, it is not raw data). */
function PrizeList({ results }: { results: Record<string, string[]> }) {
  const { t } = useTranslation('lottery');
  return (
    <dl className="ih-dl ih-proof-lines" data-testid="lottery-verify-numbers">
      {Object.entries(results).map(([prize, numbers]) => (
        <div key={prize} className="ih-proof-line">
          <dt>{t(`prize.${prize}`, { defaultValue: prize })}</dt>
          <dd className="num">{numbers.join(' · ')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The verifier's answer for an official-result draw: the result, its source and who approved it. */
function OfficialResult({ draw }: { draw: LotteryDraw }) {
  const { t } = useTranslation('lottery');
  const o = draw.official;
  return (
    <div data-testid="lottery-verify-official" aria-live="polite">
      <h3>{t('verify.officialTitle')}</h3>
      {!o || !draw.results ? (
        <p data-testid="lottery-verify-waiting">{t('verify.officialWaiting')}</p>
      ) : (
        <>
          <p className="small">{t('verify.officialLead')}</p>
          <dl className="ih-dl">
            <dt>{t('verify.officialSource')}</dt>
            <dd data-testid="lottery-verify-source">{t(`official.sourceName.${o.source}`)}</dd>
            {o.enteredBy && (
              <>
                <dt>{t('verify.officialEntered')}</dt>
                <dd>{o.enteredBy}</dd>
              </>
            )}
            <dt>{t('verify.officialApproved')}</dt>
            <dd data-testid="lottery-verify-approver">{o.approvedBy ?? t('official.approvedAuto')}</dd>
            {o.feedUrl && (
              <>
                <dt>{t('verify.officialFeed')}</dt>
                <dd className="ih-mono">{o.feedUrl}</dd>
              </>
            )}
          </dl>
          <PrizeList results={draw.results} />
        </>
      )}
    </div>
  );
}
