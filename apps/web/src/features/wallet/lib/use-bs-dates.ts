import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { readLocal, writeLocal } from '../../../shared/lib/storage.ts';
import { type BsFormatter, loadBsFormatter } from './bikram-sambat.ts';

const KEY = 'wps.bsDates';

interface BsState {
  enabled: boolean;
  setEnabled(on: boolean): void;
}

/** The reader's choice to see Bikram Sambat dates beside Gregorian ones, remembered on this device. */
export const useBsStore = create<BsState>((set) => ({
  enabled: readLocal(KEY) === '1',
  setEnabled(on) {
    writeLocal(KEY, on ? '1' : '0');
    set({ enabled: on });
  },
}));

let loading: Promise<BsFormatter> | null = null;

/** The BS formatter once the reader has BS dates on (the converter chunk loads then), else null. */
export function useBsFormatter(): BsFormatter | null {
  const enabled = useBsStore((s) => s.enabled);
  const [format, setFormat] = useState<BsFormatter | null>(null);
  useEffect(() => {
    if (!enabled) {
      setFormat(null);
      return;
    }
    let live = true;
    loading ??= loadBsFormatter();
    loading.then(
      (f) => live && setFormat(() => f),
      () => {
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return format;
}
