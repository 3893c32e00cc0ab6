import { useCallback, useEffect, useRef, useState } from 'react';
import { getAltchaChallenge } from '../api/get-altcha-challenge.ts';
import { type AltchaChallenge, encodeAltchaPayload, stillFresh } from '../lib/human-check.ts';
import { solveAltcha } from '../lib/solve.ts';

export type HumanCheckStatus = 'working' | 'ready' | 'off' | 'error';

interface Solved {
  payload: string | undefined;
  challenge: AltchaChallenge | null;
}

async function solveOne(): Promise<Solved> {
  const value = await getAltchaChallenge();
  const { enabled, ...challenge } = value;
  if (!enabled) return { payload: undefined, challenge: null };
  const solution = await solveAltcha(challenge);
  return { payload: encodeAltchaPayload(challenge, solution), challenge };
}

/**
 * The ALTCHA human check of a form (SPEC §4 "human-check step"). A challenge is solved as soon
 * as the form opens, so pressing the button rarely waits; every call takes a fresh one (the
 * server accepts each once) and the next is solved behind it.
 */
export function useHumanCheck(enabled = true) {
  const [status, setStatus] = useState<HumanCheckStatus>('working');
  const next = useRef<Promise<Solved> | null>(null);
  const alive = useRef(true);

  const prepare = useCallback(() => {
    setStatus('working');
    const p = solveOne();
    next.current = p;
    p.then(
      (s) => {
        if (alive.current && next.current === p) setStatus(s.challenge ? 'ready' : 'off');
      },
      () => {
        if (alive.current && next.current === p) setStatus('error');
      },
    );
    // Unhandled here on purpose: `take` awaits it and reports the failure to the form.
    p.catch(() => {});
  }, []);

  useEffect(() => {
    alive.current = true;
    if (enabled) prepare();
    return () => {
      alive.current = false;
    };
  }, [enabled, prepare]);

  /** The `altcha` field for one call (undefined when the server does not check). */
  const take = useCallback(async (): Promise<string | undefined> => {
    let pending = next.current ?? solveOne();
    next.current = null;
    let solved: Solved;
    try {
      solved = await pending;
    } catch {
      pending = solveOne();
      solved = await pending;
    }
    if (solved.challenge && !stillFresh(solved.challenge, Date.now())) solved = await solveOne();
    if (alive.current && solved.challenge) prepare();
    else if (alive.current) setStatus('off');
    return solved.payload;
  }, [prepare]);

  return { status, take, retry: prepare };
}
