import { Link } from 'react-router';
import { parseInline } from '../lib/rich-text.ts';

/** One paragraph or list item of a content file; site paths open in the app, others in a new tab. */
export function RichText({ text, values }: { text: string; values?: Record<string, string | number> }) {
  return (
    <>
      {parseInline(text, values).map((part, i) => {
        const key = `${i}-${part.text}`;
        if (part.kind === 'text') return <span key={key}>{part.text}</span>;
        return part.href.startsWith('/') ? (
          <Link key={key} to={part.href}>
            {part.text}
          </Link>
        ) : (
          <a key={key} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        );
      })}
    </>
  );
}
