/**
 * The cooling-off rules of player limits, pure so a property test can drive them: a new limit or
 * a decrease applies at once (and cancels a waiting change); an increase or a removal waits
 * `coolingMs` and meanwhile the old value stays in force.
 */
export interface LimitState {
  value: bigint | null;
  pending: boolean;
  pendingValue: bigint | null;
  effectiveAt: Date | null;
}

export const EMPTY: LimitState = { value: null, pending: false, pendingValue: null, effectiveAt: null };

/** The state with a due pending change applied. */
export function settle(s: LimitState, now: Date): LimitState {
  if (s.pending && s.effectiveAt && s.effectiveAt.getTime() <= now.getTime())
    return { value: s.pendingValue, pending: false, pendingValue: null, effectiveAt: null };
  return s;
}

/** The value in force at `now` (null: no limit). */
export const inForce = (s: LimitState, now: Date): bigint | null => settle(s, now).value;

/** The state after the player asks for `next` (null = remove) at `now`. */
export function change(current: LimitState, next: bigint | null, now: Date, coolingMs: number): LimitState {
  const s = settle(current, now);
  if (next !== null && (s.value === null || next <= s.value))
    return { value: next, pending: false, pendingValue: null, effectiveAt: null };
  if (s.value === null) return EMPTY; // removing nothing
  if (next === s.value) return { ...s, pending: false, pendingValue: null, effectiveAt: null };
  return {
    value: s.value,
    pending: true,
    pendingValue: next,
    effectiveAt: new Date(now.getTime() + coolingMs),
  };
}

/** The lowest of the limits in force (null when none): what binds a single amount. */
export function lowest(values: ReadonlyArray<bigint | null>): bigint | null {
  let out: bigint | null = null;
  for (const v of values) if (v !== null && (out === null || v < out)) out = v;
  return out;
}
