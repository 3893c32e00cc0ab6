/** What the drift needs of a scroller (an HTMLElement in the page, a plain object in tests). */
export interface DriftTarget {
  scrollLeft: number;
  readonly scrollWidth: number;
  readonly clientWidth: number;
}

/** The browser's frame and visibility hooks (injected: tests drive them by hand). */
export interface DriftEnv {
  requestFrame(cb: () => void): number;
  cancelFrame(id: number): void;
  /** Calls back with whether the target is on screen; returns a disconnect. */
  observeVisible(cb: (visible: boolean) => void): () => void;
}

/**
 * The winners row's drift: `step` px a frame, wrapping at the end, paused on demand. It asks for
 * frames only while the row is on screen (issue 30: it ran at 60 fps from load to leaving the
 * page, a scroll and a repaint on the main thread each frame, though the row sits below the first
 * screen on a phone). Returns controls; `stop` ends it for good.
 */
export function startDrift(el: DriftTarget, step: number, env: DriftEnv) {
  let paused = false;
  let visible = false;
  let frame = 0;
  let pos = el.scrollLeft;
  const tick = () => {
    frame = 0;
    if (!visible) return; // the observer asks again when the row comes back
    if (!paused && el.scrollWidth > el.clientWidth) {
      pos += step;
      if (pos >= el.scrollWidth - el.clientWidth) pos = 0;
      el.scrollLeft = pos;
    }
    frame = env.requestFrame(tick);
  };
  const disconnect = env.observeVisible((v) => {
    visible = v;
    if (visible && !frame) frame = env.requestFrame(tick);
  });
  return {
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      pos = el.scrollLeft;
    },
    stop() {
      disconnect();
      if (frame) env.cancelFrame(frame);
      frame = 0;
    },
    /** Whether a frame is asked for (tests). */
    get running() {
      return frame !== 0;
    },
  };
}

/** The page's hooks: animation frames and an IntersectionObserver on the element. */
export function browserDriftEnv(el: Element): DriftEnv {
  return {
    requestFrame: (cb) => requestAnimationFrame(cb),
    cancelFrame: (id) => cancelAnimationFrame(id),
    observeVisible(cb) {
      const io = new IntersectionObserver((entries) => {
        const last = entries[entries.length - 1];
        if (last) cb(last.isIntersecting);
      });
      io.observe(el);
      return () => io.disconnect();
    },
  };
}
