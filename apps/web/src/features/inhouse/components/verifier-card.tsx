import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';

export interface VerifierField {
  /** The input's name (also what e2e tests fill). */
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
}

/**
 * One verifier on /verify (crash rounds, lottery draws): a card with its title and lead, the
 * proof's fields in monospace, one button, an error line and the verdict (`children`). Each
 * verifier keeps its own checking; this keeps them looking and behaving alike.
 */
export function VerifierCard(props: {
  id: string;
  title: string;
  lead: string;
  fields: readonly VerifierField[];
  runLabel: string;
  busy: boolean;
  disabled?: boolean;
  onVerify(e: FormEvent): void;
  error: string | null;
  /** A line above the form (e.g. "this round has not crashed yet"). */
  notice?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = `${props.id}-title`;
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <p className="small muted">{props.lead}</p>
      {props.notice}
      <form className="stack ih-verify" onSubmit={props.onVerify}>
        {props.fields.map((f) => (
          <label className="ih-field" key={f.name}>
            <span>{f.label}</span>
            <input
              className="input ih-mono"
              name={f.name}
              value={f.value}
              onChange={(e) => f.onChange(e.target.value)}
            />
          </label>
        ))}
        <Button type="submit" loading={props.busy} disabled={props.disabled ?? false}>
          {props.runLabel}
        </Button>
      </form>
      {props.error && (
        <p className="text-danger" role="alert">
          {props.error}
        </p>
      )}
      {props.children}
    </section>
  );
}
