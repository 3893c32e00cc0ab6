import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../../features/wallet/components/range-picker.tsx';
import type { DayRange } from '../../features/wallet/lib/dates.ts';
import { Button } from '../../shared/ui/button.tsx';
import { downloadReportCsv, type ReportName, type ReportQuery } from './reports-api.ts';
import { isReportRange } from './reports-range.ts';
import './reports.css';

/** Pieces shared by the dashboard and the reports page. */

/** The range picker, with the refusal shown under it when the range cannot be asked for. */
export function ReportRange({ value, onChange }: { value: DayRange; onChange(r: DayRange): void }) {
  const { t } = useTranslation('reports-admin');
  return (
    <div className="reports-range">
      <RangePicker value={value} onChange={onChange} />
      {!isReportRange(value) && (
        <p className="wallet-error" role="alert">
          {t('rangeInvalid')}
        </p>
      )}
    </div>
  );
}

/** Fetches the report as CSV with the operator's token and saves it. */
export function CsvButton({
  name,
  query,
  disabled,
}: {
  name: ReportName;
  query: ReportQuery;
  disabled?: boolean;
}) {
  const { t } = useTranslation('reports-admin');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <span className="reports-csv">
      <Button
        size="sm"
        variant="secondary"
        loading={busy}
        disabled={disabled}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadReportCsv(name, query)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {t('download')}
      </Button>
      {failed && (
        <span className="wallet-error" role="alert">
          {t('downloadFailed')}
        </span>
      )}
    </span>
  );
}

/** A figure with its label (dashboard totals). */
export function Kpi({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="reports-kpi" data-testid={testId}>
      <dt>{label}</dt>
      <dd className="num">{children}</dd>
    </div>
  );
}
