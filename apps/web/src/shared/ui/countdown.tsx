import { useEffect, useState } from 'react';

/** Seconds left until `endsAt` (ms epoch), never negative. */
export const secondsLeft = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

/**
 * What a countdown shows: the last tick's time can be older than the deadline's start (a deadline
 * set just now is first rendered before its effect reads the clock, against the time the hook
 * mounted), so the later of the two is used: a 300 s countdown never shows 301 (a CI run saw it).
 */
export const shownSeconds = (endsAt: number, lastTick: number, renderedAt: number) =>
  secondsLeft(endsAt, Math.max(lastTick, renderedAt));

/**
 * Ticks once a second towards `endsAt`; computing from the deadline rather than decrementing a
 * counter keeps it right when a background tab throttles timers.
 */
export function useCountdown(endsAt: number | null, onDone?: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) {
        clearInterval(timer);
        onDone?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt, onDone]);
  return endsAt === null ? 0 : shownSeconds(endsAt, now, Date.now());
}

export interface CountdownProps {
  endsAt: number | null;
  onDone?: () => void;
  /** Renders the remaining seconds, e.g. `(s) => t('sms.resendIn', {s})`. */
  format(seconds: number): string;
}

export function Countdown({ endsAt, onDone, format }: CountdownProps) {
  const seconds = useCountdown(endsAt, onDone);
  return (
    <span className="countdown num" role="timer" aria-live="off">
      {format(seconds)}
    </span>
  );
}
