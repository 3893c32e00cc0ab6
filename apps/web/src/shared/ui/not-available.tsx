import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';
import { Icon } from './icons.tsx';

/**
 * The honest state of a feature whose data source has not landed yet: it says so, in the
 * visitor's language, instead of showing made-up content.
 */
export function NotAvailable({
  what,
  compact,
  headingLevel,
}: {
  /** Translated name of the missing thing, e.g. "Promotions". */
  what?: string;
  compact?: boolean;
  headingLevel?: 1 | 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      compact={compact}
      headingLevel={headingLevel}
      icon={<Icon name="clock" size={compact ? 22 : 32} />}
      // Compact boxes sit under a heading that already names the thing, so they say only the state.
      title={what && !compact ? t('notAvailable.titleFor', { what }) : t('notAvailable.title')}
      description={compact ? undefined : t('notAvailable.text')}
    />
  );
}
