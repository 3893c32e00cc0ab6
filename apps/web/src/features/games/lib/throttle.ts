/**
 * SPEC §4/§9: the favourite toggle acts at most once per second; clicks inside the window are
 * ignored (not queued), so a double tap does not add and remove at once.
 */
export function createThrottle(ms: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}

/** SPEC §4: adding appends the id (skipped if present); removing deletes it locally. */
export function toggledIds(ids: readonly string[], nodeId: string, on: boolean): string[] {
  if (on) return ids.includes(nodeId) ? [...ids] : [...ids, nodeId];
  return ids.filter((id) => id !== nodeId);
}
