import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/lib/cx.ts';

/**
 * The console's rich-text editor (Tiptap): headings, bold, italic, lists, links. Its HTML is
 * sanitised again by the server on save, so the editor is a convenience, not the gate.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(html: string): void;
  label: string;
}) {
  const { t } = useTranslation('content-admin');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] } }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    editorProps: {
      attributes: { class: 'rte__content', 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
    },
  });

  // A different item loaded into the form: replace the document (not on every keystroke).
  // useEditor tears its instance down on unmount and builds a new one on the next mount (a
  // Suspense boundary above may unmount the form while a sibling chunk loads); this effect can run
  // once with the old, destroyed instance, which has no schema left to serialise.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const tool = (name: string, active: boolean, run: () => void) => (
    <button
      type="button"
      className={cx('rte__tool', active && 'is-active')}
      aria-pressed={active}
      onClick={run}
    >
      {t(`editor.${name}`)}
    </button>
  );
  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {tool('bold', editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
        {tool('italic', editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run())}
        {tool('heading', editor.isActive('heading', { level: 3 }), () =>
          editor.chain().focus().toggleHeading({ level: 3 }).run(),
        )}
        {tool('bullets', editor.isActive('bulletList'), () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('numbers', editor.isActive('orderedList'), () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool('link', editor.isActive('link'), () => {
          const href = window.prompt(t('editor.linkPrompt'), editor.getAttributes('link').href ?? 'https://');
          if (href === null) return;
          if (href === '') editor.chain().focus().unsetLink().run();
          else editor.chain().focus().setLink({ href }).run();
        })}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
