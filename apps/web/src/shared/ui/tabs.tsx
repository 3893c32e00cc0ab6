import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from '../lib/cx.ts';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<T extends string> {
  items: Array<TabItem<T>>;
  value: T;
  onChange(id: T): void;
  /** Accessible name of the tab list. */
  label: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active one is in the tab order. */
export function Tabs<T extends string>({ items, value, onChange, label }: TabsProps<T>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.id === value);
    let next = index;
    if (e.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.id);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  const active = items.find((i) => i.id === value) ?? items[0];
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === active?.id;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              className={cx('tabs__tab', selected && 'is-active')}
              onClick={() => onChange(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          className="tabs__panel"
          role="tabpanel"
          id={`${base}-panel-${active.id}`}
          aria-labelledby={`${base}-tab-${active.id}`}
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
