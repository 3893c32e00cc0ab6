import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkErrorBoundary, type LazyChunk, lazyChunk } from '../app/lazy-page.tsx';
import { ChunkFailure } from '../app/router.tsx';
import { Loader } from '../shared/ui/loader.tsx';
import type { AdminSection } from './sections.ts';
import { hasPermission, useAdminSession } from './session-store.ts';

const chunks = new Map<string, LazyChunk<ComponentType>>();

/** A console section: checks the operator's permission, then loads the section's page chunk. */
export function SectionPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  const permissions = useAdminSession((s) => s.permissions);
  let chunk = chunks.get(section.id);
  if (!chunk) {
    chunk = lazyChunk(section.id, section.load);
    chunks.set(section.id, chunk);
  }
  if (!hasPermission(permissions, section.permission)) {
    return <p className="admin-empty">{t('forbidden')}</p>;
  }
  const Page = chunk.Component;
  return (
    <ChunkErrorBoundary
      resetKey={section.id}
      fallback={(error, retry) => <ChunkFailure error={error} retry={retry} />}
    >
      <Suspense fallback={<Loader label={t('common:loading')} />}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
