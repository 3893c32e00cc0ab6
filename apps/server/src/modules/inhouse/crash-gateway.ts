import type { CrashServerFrame } from '@wps/contract';

/** `origin` is the socket a frame answers: it got its answer directly, the member's other tabs get this. */
export type CrashListener = (frame: CrashServerFrame, memberId?: number, origin?: unknown) => void;

/**
 * Where the crash frames leave the game: to this instance's sockets (crash-routes.ts subscribes
 * each one with `on`) and, on several instances, to the others through the leader driver's relay.
 */
export class CrashGateway {
  private readonly listeners = new Set<CrashListener>();
  /**
   * Relays frames to other instances (LISTEN/NOTIFY). Attached by the CrashDriver while it runs
   * and detached when it stops: the driver is built from the crash service, so it cannot be a
   * constructor argument; none is the right state on one instance (embedded PGlite, tests).
   */
  publish: ((frame: CrashServerFrame, memberId?: number) => void) | null = null;

  on(l: CrashListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** `relay` false: a frame another instance relayed here, told to this instance's sockets only. */
  emit(frame: CrashServerFrame, memberId?: number, relay = true, origin?: unknown): void {
    for (const l of this.listeners) l(frame, memberId, origin);
    if (relay && this.publish) this.publish(frame, memberId);
  }
}
