import type { AltchaChallenge, AltchaSolution } from './human-check.ts';

function inWorker(challenge: AltchaChallenge): Promise<AltchaSolution> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ solution?: AltchaSolution; error?: string }>) => {
      worker.terminate();
      if (e.data.solution) resolve(e.data.solution);
      else reject(new Error(e.data.error ?? 'ALTCHA worker failed'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'ALTCHA worker failed'));
    };
    worker.postMessage(challenge);
  });
}

/** Solves a challenge in a Web Worker, falling back to this thread where workers cannot start. */
export async function solveAltcha(challenge: AltchaChallenge): Promise<AltchaSolution> {
  if (typeof Worker !== 'undefined') {
    try {
      return await inWorker(challenge);
    } catch {
      // A worker blocked by policy or a failed chunk: the slower path still works.
    }
  }
  const { solveAltchaHere } = await import('./solve-here.ts');
  return solveAltchaHere(challenge);
}
