/**
 * Web Storage that never throws: private modes, disabled storage and quota errors degrade to
 * "nothing stored" instead of breaking start-up.
 */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

const local = () => (typeof localStorage === 'undefined' ? null : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export const readLocal = (key: string) => safe(() => local()?.getItem(key) ?? null, null);
export const writeLocal = (key: string, value: string) => safe(() => local()?.setItem(key, value), undefined);

export const readSession = (key: string) => safe(() => session()?.getItem(key) ?? null, null);
export const writeSession = (key: string, value: string | null) =>
  safe(() => {
    const s = session();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  }, undefined);

export const sessionKeys = (): string[] =>
  safe(() => {
    const s = session();
    if (!s) return [];
    return Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
  }, []);
