import type { ComponentType } from 'react';
import type { PopupName } from '../shared/popups/store.ts';
import { type LazyChunk, lazyChunk } from './lazy-page.tsx';
import { type PopupBodyProps, POPUP_REGISTRY } from './popup-registry.ts';

const chunks = new Map<PopupName, LazyChunk<ComponentType<PopupBodyProps>>>();

/** One lazily loaded body per popup, shared by the host and anyone preloading it. */
export function chunkFor(name: PopupName) {
  let chunk = chunks.get(name);
  if (!chunk) {
    chunk = lazyChunk(name, POPUP_REGISTRY[name].load);
    chunks.set(name, chunk);
  }
  return chunk;
}

/**
 * Fetch a popup's body before opening it: the dialog then opens at its full size instead of a
 * spinner that grows (a centred dialog that grows moves: a layout shift). A failed fetch resolves
 * too: the host shows its chunk error in the dialog.
 */
export const preloadPopup = (name: PopupName): Promise<void> =>
  chunkFor(name)
    .preload()
    .then(
      () => undefined,
      () => undefined,
    );
