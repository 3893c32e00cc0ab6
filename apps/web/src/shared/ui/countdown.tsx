import { useEffect, useState } from 'react';

/** Seconds left until `endsAt` (ms epoch), never negative. */
export const secondsLeft = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

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
  return endsAt === null ? 0 : secondsLeft(endsAt, now);
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
