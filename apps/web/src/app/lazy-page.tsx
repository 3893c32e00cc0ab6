import { SPEC } from '@wps/contract';
import {
  Component,
  type ComponentProps,
  type ComponentType,
  createElement,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  useState,
} from 'react';

/** A route or popup chunk that did not arrive (network, deploy replaced it, or the SPEC §9 timeout). */
export class ChunkLoadError extends Error {
  readonly chunk: string;
  /** Arms the next render to fetch the chunk again (React.lazy would rethrow this error forever). */
  readonly reset: () => void;
  constructor(chunk: string, cause?: unknown, reset: () => void = () => {}) {
    super(`Loading chunk ${chunk} failed`);
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
    this.cause = cause;
    this.reset = reset;
  }
}

/** Reject when `promise` has not settled within `ms`, so a stalled chunk becomes a visible error. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

// biome-ignore lint/suspicious/noExplicitAny: component props vary per chunk; callers keep their own types.
type AnyComponent = ComponentType<any>;
export type ChunkLoader<C extends AnyComponent = AnyComponent> = () => Promise<{ default: C }>;

export interface LazyChunk<C extends AnyComponent> {
  name: string;
  /** Renders the chunk's default export; suspends while it loads. */
  Component: C;
  /** Start fetching now (e.g. the first route, in parallel with start-up calls). */
  preload(): Promise<unknown>;
  /** The module, or a ChunkLoadError naming this chunk. */
  load(): Promise<{ default: C }>;
}

/**
 * A lazily loaded chunk with the SPEC §9 timeout (120 s) and one shared in-flight promise, so
 * preloading and rendering never fetch twice. React.lazy remembers a rejection forever, so the
 * error carries a `reset` that swaps in a fresh lazy component for the retry to render.
 */
export function lazyChunk<C extends AnyComponent>(
  name: string,
  load: ChunkLoader<C>,
  timeoutMs: number = SPEC.chunkTimeoutMs,
): LazyChunk<C> {
  let pending: Promise<{ default: C }> | null = null;
  let loaded: C | null = null;
  const get = () => {
    pending ??= withTimeout(load(), timeoutMs, () => new Error('timeout')).then(
      (mod) => {
        loaded = mod.default;
        return mod;
      },
      (err: unknown) => {
        pending = null;
        throw new ChunkLoadError(name, err, reset);
      },
    );
    return pending;
  };
  let current: LazyExoticComponent<C> = lazy(get);
  const reset = () => {
    current = lazy(get);
  };
  const Component = ((props: ComponentProps<C>) => {
    // A chunk that already arrived (preloaded at start-up) renders in the same pass instead of
    // suspending once more. The choice is fixed per mount so the element type never changes.
    const [type] = useState<C | LazyExoticComponent<C>>(() => loaded ?? current);
    return createElement(type, props);
  }) as unknown as C;
  return { name, Component, load: get, preload: () => get().catch(() => undefined) };
}

interface BoundaryProps {
  /** Renders the failure; `retry` clears it and renders the children again. */
  fallback(error: Error, retry: () => void): ReactNode;
  children: ReactNode;
  /** Changing this (e.g. the location) clears a previous failure. */
  resetKey?: unknown;
}

interface BoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Catches a failed chunk (or a render fault below it) and offers a retry instead of a blank page. */
export class ChunkErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  }

  retry = () => {
    if (this.state.error instanceof ChunkLoadError) this.state.error.reset();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.retry);
    return this.props.children;
  }
}
