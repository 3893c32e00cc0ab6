import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { clientIp } from './client-ip.ts';

/** The close code for a socket refused because the instance or its caller holds enough: try later. */
export const SOCKET_TRY_LATER = { code: 1013, reason: 'try again later' } as const;

/**
 * How many sockets one instance holds open on one path: at most `total`, and at most `perCaller`
 * for one caller. A caller is the signed-in member or operator, else the address: guests open these
 * sockets with no token at all (to read a host room or watch the crash game), so without a cap one
 * address could hold an instance's file descriptors and memory. The per-address cap is generous,
 * because many phones share one address behind a carrier's NAT, and a refused page still works:
 * its client falls back to polling the HTTP reads, which are the record.
 */
export class SocketGate {
  private readonly byCaller = new Map<string, number>();
  private open = 0;

  constructor(
    readonly total: number,
    readonly perCaller: number,
  ) {}

  get size(): number {
    return this.open;
  }

  /** Counts a socket in; answers its release (idempotent), or null when it must be refused. */
  enter(caller: string): (() => void) | null {
    const held = this.byCaller.get(caller) ?? 0;
    if (this.open >= this.total || held >= this.perCaller) return null;
    this.byCaller.set(caller, held + 1);
    this.open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      const left = (this.byCaller.get(caller) ?? 1) - 1;
      if (left > 0) this.byCaller.set(caller, left);
      else this.byCaller.delete(caller);
    };
  }
}

/** Who a socket counts against: its principal when it has one, else its address. */
export function socketCaller(req: FastifyRequest): string {
  const p = req.principal;
  if (p?.kind === 'member') return `member:${p.memberId}`;
  if (p?.kind === 'operator') return `operator:${p.operatorId}`;
  return `ip:${clientIp(req)}`;
}

/**
 * Counts a just-opened socket in, or closes it with 1013 when the gate is full; answers whether it
 * was admitted. An admitted socket frees its place when it closes, however it closes.
 */
export function admitSocket(gate: SocketGate, socket: WebSocket, req: FastifyRequest): boolean {
  const release = gate.enter(socketCaller(req));
  if (!release) {
    socket.close(SOCKET_TRY_LATER.code, SOCKET_TRY_LATER.reason);
    return false;
  }
  socket.on('close', release);
  return true;
}
