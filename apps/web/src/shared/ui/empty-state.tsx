import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';
import './empty-state.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A decorative glyph; hidden from assistive tech. */
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  headingLevel?: 1 | 2 | 3;
}

export function EmptyState({ title, description, icon, action, compact, headingLevel = 3 }: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h3';
  return (
    <div className={cx('empty', compact && 'empty--compact')}>
      {icon && (
        <div className="empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="empty__title">{title}</Heading>
      {description && <p className="empty__text">{description}</p>}
      {action && <div className="empty__action">{action}</div>}
    </div>
  );
}
