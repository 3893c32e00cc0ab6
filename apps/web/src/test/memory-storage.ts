/** A Web Storage stand-in for node-environment tests. */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

/** Install fresh sessionStorage/localStorage on globalThis; returns them for assertions. */
export function installStorage() {
  const session = new MemoryStorage();
  const local = new MemoryStorage();
  Object.assign(globalThis, { sessionStorage: session, localStorage: local });
  return { session, local };
}
