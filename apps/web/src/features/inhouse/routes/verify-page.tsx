import { INHOUSE_HTTP_GAMES } from '@wps/contract';
import { FAIRNESS_PAGE, GAMES_BY_ID, type GameId, type ReplayInput } from '@wps/games';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useRoundDetail } from '../api/inhouse.ts';
import { CrashVerify } from '../components/crash-verify.tsx';
import { BetReads, RoundProof, type RoundProofData } from '../components/round-proof.tsx';
import { RichText } from '../components/shared.tsx';
import { JackpotVerify } from '../../jackpot/jackpot-verify.tsx';
import { LotteryVerify } from '../../lottery/components/lottery-verify.tsx';
import { TicketVerify } from '../../promotions/components/ticket-verify.tsx';
import { TICKET_VERIFY_PARAMS } from '../../promotions/lib/ticket-verify-link.ts';
import { blockHex, replayInBrowser, sha256Hex } from '../lib/replay.ts';
import '../inhouse.css';

interface Form {
  game: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  bet: string;
  actions: string;
}
/** The bet as typed, parsed for the line that says what it reads as (null: not valid JSON yet). */
function parsedBet(text: string): unknown {
  try {
    const v = JSON.parse(text);
    return typeof v === 'object' && v !== null ? v : null;
  } catch {
    return null;
  }
}

const EMPTY: Form = {
  game: 'dice',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  bet: '',
  actions: '[]',
};

/**
 * /verify (no login): recomputes any round in the browser from (serverSeed, clientSeed, nonce),
 * its bet and its actions, with Web Crypto and the engines the server ran. `?round=` fills the
 * form from one of the signed-in player's rounds; `?crashRound=` checks a crash round, `?lotteryGame=&drawId=`
 * a lottery draw, `?ticketSeed=…` a reward ticket's draw (ticket-verify.tsx).
 */
export default function VerifyPage(_: PageProps) {
  const { t, i18n } = useTranslation('inhouse');
  const [params] = useSearchParams();
  const lang = i18n.language === 'ne' ? 'ne' : 'en';
  const token = useSessionStore((s) => s.token);
  const roundId = params.get('round');
  const detail = useRoundDetail(roundId, Boolean(token));
  const [form, setForm] = useState<Form>(() => ({
    ...EMPTY,
    ...Object.fromEntries(
      (Object.keys(EMPTY) as (keyof Form)[]).flatMap((k) =>
        params.get(k) !== null ? [[k, params.get(k)!]] : [],
      ),
    ),
  }));
  const [result, setResult] = useState<RoundProofData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    setForm({
      game: d.game,
      serverSeed: d.proof.serverSeed ?? '',
      serverSeedHash: d.proof.serverSeedHash,
      clientSeed: d.proof.clientSeed,
      nonce: String(d.proof.nonce),
      bet: JSON.stringify(d.bet),
      actions: JSON.stringify(d.actions),
    });
  }, [detail.data]);
  const bet = parsedBet(form.bet);
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function verify(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setResult(null);
    if (!globalThis.crypto?.subtle) {
      setError(t('verify.noWebCrypto'));
      return;
    }
    const nonce = Number(form.nonce);
    if (
      !/^[0-9a-f]{64}$/.test(form.serverSeed) ||
      !Number.isSafeInteger(nonce) ||
      nonce < 0 ||
      !form.clientSeed
    ) {
      setError(t('verify.badSeeds'));
      return;
    }
    let input: ReplayInput;
    try {
      input = {
        game: form.game,
        bet: JSON.parse(form.bet),
        actions: JSON.parse(form.actions || '[]'),
      } as ReplayInput;
    } catch {
      setError(t('verify.badBet'));
      return;
    }
    setBusy(true);
    try {
      const seeds = { serverSeed: form.serverSeed, clientSeed: form.clientSeed, nonce };
      const r = await replayInBrowser(seeds, input);
      setResult({
        ...seeds,
        serverSeedHash: form.serverSeedHash.trim(),
        seedHash: await sha256Hex(form.serverSeed),
        block0: await blockHex(seeds, 0),
        bet: input.bet,
        outcome: r.outcome,
        stake: r.stake,
        payout: r.payout,
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  // A ticket's proof link fills the ticket verifier and puts it first.
  const ticketLink = params.get('ticketSeed') !== null;
  const ticketVerify = (
    <TicketVerify
      initial={Object.fromEntries(
        TICKET_VERIFY_PARAMS.flatMap((k) => (params.get(k) !== null ? [[k, params.get(k)!]] : [])),
      )}
    />
  );
  return (
    <div className="page ih-page">
      <PageHeader title={t('verify.title')} lead={t('verify.lead')} />
      {params.get('lotteryGame') !== null && (
        <LotteryVerify
          initialGame={params.get('lotteryGame') ?? ''}
          initialDraw={params.get('drawId') ?? ''}
        />
      )}
      {ticketLink && ticketVerify}
      {detail.data && !detail.data.proof.serverSeed && (
        <p className="text-danger">{t('verify.notRevealed')}</p>
      )}
      <form className="stack card ih-verify" onSubmit={verify}>
        <label className="ih-field">
          <span>{t('verify.game')}</span>
          <select className="input" value={form.game} onChange={set('game')}>
            {INHOUSE_HTTP_GAMES.map((g) => (
              <option key={g} value={g}>
                {GAMES_BY_ID[g as GameId]?.name[lang] ?? g}
              </option>
            ))}
          </select>
        </label>
        {(['serverSeed', 'serverSeedHash', 'clientSeed', 'nonce'] as const).map((k) => (
          <label key={k} className="ih-field">
            <span>{t(`verify.${k}`)}</span>
            <input className="input ih-mono" name={k} value={form[k]} onChange={set(k)} />
          </label>
        ))}
        <label className="ih-field">
          <span>{t('verify.bet')}</span>
          <textarea className="input ih-mono" name="bet" rows={3} value={form.bet} onChange={set('bet')} />
          <small className="muted">{t('verify.proof.betHint')}</small>
        </label>
        {bet !== null && <BetReads bet={bet} />}
        <label className="ih-field">
          <span>{t('verify.actions')}</span>
          <textarea
            className="input ih-mono"
            name="actions"
            rows={2}
            value={form.actions}
            onChange={set('actions')}
          />
        </label>
        <Button type="submit" loading={busy}>
          {t('verify.run')}
        </Button>
      </form>
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      {result && <RoundProof proof={result} />}
      <CrashVerify roundId={params.get('crashRound')} />
      <JackpotVerify />
      {params.get('lotteryGame') === null && <LotteryVerify initialGame="" initialDraw="" />}
      {!ticketLink && ticketVerify}
      <article className="card ih-help">
        {FAIRNESS_PAGE[lang]
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => (l.startsWith('## ') ? <h2 key={l}>{l.slice(3)}</h2> : <RichText key={l} text={l} />))}
      </article>
    </div>
  );
}
