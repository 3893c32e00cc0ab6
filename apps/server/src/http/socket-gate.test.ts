import { describe, expect, it } from 'vitest';
import { SocketGate } from './socket-gate.ts';

describe('socket gate', () => {
  it('refuses past the caller cap and the instance cap, and a release frees a place once', () => {
    const gate = new SocketGate(3, 2);
    const a1 = gate.enter('ip:1');
    const a2 = gate.enter('ip:1');
    expect(a1 && a2).toBeTruthy();
    expect(gate.enter('ip:1')).toBeNull();
    const b1 = gate.enter('ip:2');
    expect(b1).toBeTruthy();
    expect(gate.enter('ip:3')).toBeNull(); // the instance is full
    expect(gate.size).toBe(3);
    a1?.();
    a1?.(); // released twice (close after error): counted once
    expect(gate.size).toBe(2);
    expect(gate.enter('ip:1')).toBeTruthy();
    expect(gate.enter('ip:1')).toBeNull();
    b1?.();
    a2?.();
    expect(gate.size).toBe(1);
  });
});
