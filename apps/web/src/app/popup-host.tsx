import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../shared/popups/store.ts';
import { Loader } from '../shared/ui/loader.tsx';
import { Modal } from '../shared/ui/modal.tsx';
import { ChunkErrorBoundary } from './lazy-page.tsx';
import { chunkFor } from './popup-chunks.ts';
import { POPUP_REGISTRY } from './popup-registry.ts';
import { ChunkFailure } from './router.tsx';

/** Renders the open popup (one at a time) in the shared accessible modal, loading its body lazily. */
export function PopupHost() {
  const { t } = useTranslation();
  const current = usePopupStore((s) => s.current);
  const props = usePopupStore((s) => s.props);
  const close = usePopupStore((s) => s.close);
  if (!current) return null;
  const entry = POPUP_REGISTRY[current];
  const Body = chunkFor(current).Component;
  // A popup opened with `{dismissible: false}` (the forced password change) closes itself when done.
  const dismissible = props.dismissible !== false;
  return (
    <Modal
      open
      onClose={close}
      title={t(entry.titleKey)}
      closeLabel={t('actions.close')}
      size={entry.size}
      dismissible={dismissible}
    >
      <ChunkErrorBoundary
        resetKey={current}
        fallback={(error, retry) => <ChunkFailure error={error} retry={retry} />}
      >
        <Suspense fallback={<Loader label={t('loading')} />}>
          <Body name={current} close={close} props={props} />
        </Suspense>
      </ChunkErrorBoundary>
    </Modal>
  );
}
