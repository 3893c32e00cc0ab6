import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../../shared/theme/theme-store.ts';
import { cx } from '../../shared/lib/cx.ts';
import { Icon } from '../../shared/ui/icons.tsx';

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const toggle = useThemeStore((s) => s.toggle);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={cx('icon-btn theme-toggle', className)}
      onClick={toggle}
      aria-label={t('theme.switchTo', { theme: t(`theme.${next}`) })}
      title={t('theme.switchTo', { theme: t(`theme.${next}`) })}
      data-current-theme={theme}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
