import { describe, expect, it } from 'vitest';
import { type DriftEnv, startDrift } from './drift.ts';

/** Frames run when the test says; visibility changes when the test says. */
function fakeEnv() {
  let next = 1;
  const frames = new Map<number, () => void>();
  let onVisible: (v: boolean) => void = () => {};
  const env: DriftEnv = {
    requestFrame(cb) {
      frames.set(next, cb);
      return next++;
    },
    cancelFrame(id) {
      frames.delete(id);
    },
    observeVisible(cb) {
      onVisible = cb;
      return () => {
        onVisible = () => {};
      };
    },
  };
  const runFrame = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const cb of due) cb();
  };
  return { env, runFrame, setVisible: (v: boolean) => onVisible(v), pending: () => frames.size };
}

describe('winners row drift', () => {
  it('asks for no frame until the row is on screen, and stops asking when it leaves', () => {
    const row = { scrollLeft: 0, scrollWidth: 1000, clientWidth: 300 };
    const f = fakeEnv();
    const drift = startDrift(row, 0.5, f.env);
    expect(f.pending()).toBe(0);
    f.setVisible(true);
    f.runFrame();
    f.runFrame();
    expect(row.scrollLeft).toBe(1);
    f.setVisible(false);
    f.runFrame(); // the frame already asked for sees it hidden and asks for no more
    expect(f.pending()).toBe(0);
    expect(row.scrollLeft).toBe(1);
    f.setVisible(true);
    expect(drift.running).toBe(true);
    drift.stop();
    expect(f.pending()).toBe(0);
  });

  it('wraps at the end and holds still while paused', () => {
    const row = { scrollLeft: 699, scrollWidth: 1000, clientWidth: 300 };
    const f = fakeEnv();
    const drift = startDrift(row, 1, f.env);
    f.setVisible(true);
    f.runFrame();
    expect(row.scrollLeft).toBe(0);
    drift.pause();
    f.runFrame();
    expect(row.scrollLeft).toBe(0);
    row.scrollLeft = 40; // the player dragged it
    drift.resume();
    f.runFrame();
    expect(row.scrollLeft).toBe(41);
  });

  it('a row that fits does not move', () => {
    const row = { scrollLeft: 0, scrollWidth: 300, clientWidth: 300 };
    const f = fakeEnv();
    startDrift(row, 1, f.env);
    f.setVisible(true);
    f.runFrame();
    expect(row.scrollLeft).toBe(0);
  });
});
