/// <reference lib="webworker" />
import { solveAltchaHere } from './solve-here.ts';
import type { AltchaChallenge } from './human-check.ts';

/** Finds the ALTCHA counter off the main thread so typing and spinners stay smooth. */
self.onmessage = async (event: MessageEvent<AltchaChallenge>) => {
  try {
    self.postMessage({ solution: await solveAltchaHere(event.data) });
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
