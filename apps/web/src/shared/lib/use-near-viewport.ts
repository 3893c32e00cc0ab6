import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport, once: it stays true after, so what
 * it gates (a fetch, a list of tiles) is made once and kept. Where IntersectionObserver is missing
 * the answer is true at once, so nothing is ever left out.
 *
 * Why: the home page drew every catalogue row of every category at start-up (about 1,400 nodes,
 * a games call a row) while a phone shows one screen of it, and a cheap phone paid for all of it
 * in main-thread time before the page answered a tap (issue 30).
 */
export function useNearViewport<T extends Element>(margin = '100%'): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
