/**
 * The one rich-text editor, on contentEditable without an editor library (they cost tens of KB):
 * bold, italic and lists, and for course text also headings and links. It edits HTML; the server
 * sanitises whatever arrives, so the editor only has to be pleasant, not safe.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import { Button } from './button';
import { controlClasses, describedByOf, FieldFooter } from './form/fields';

type Command =
  | { id: 'bold'; command: 'bold' }
  | { id: 'italic'; command: 'italic' }
  | { id: 'heading2'; command: 'formatBlock'; value: 'h2' }
  | { id: 'heading3'; command: 'formatBlock'; value: 'h3' }
  | { id: 'paragraph'; command: 'formatBlock'; value: 'p' }
  | { id: 'bullets'; command: 'insertUnorderedList' }
  | { id: 'numbers'; command: 'insertOrderedList' };

type Tool = Command & { glyph: ReactNode; shortcut?: string; basic: boolean };

const COMMANDS: Tool[] = [
  { id: 'bold', command: 'bold', glyph: <strong>B</strong>, shortcut: 'Ctrl+B', basic: true },
  {
    id: 'italic',
    command: 'italic',
    glyph: <em className="font-serif">I</em>,
    shortcut: 'Ctrl+I',
    basic: true,
  },
  { id: 'heading2', command: 'formatBlock', value: 'h2', glyph: 'H2', basic: false },
  { id: 'heading3', command: 'formatBlock', value: 'h3', glyph: 'H3', basic: false },
  { id: 'paragraph', command: 'formatBlock', value: 'p', glyph: '¶', basic: false },
  { id: 'bullets', command: 'insertUnorderedList', glyph: '•≡', basic: true },
  { id: 'numbers', command: 'insertOrderedList', glyph: '1.', basic: true },
];

/** execCommand is deprecated but is still the one editing primitive every browser supports. */
function run(command: string, value?: string): void {
  if (typeof document.execCommand !== 'function') return;
  document.execCommand(command, false, value);
}

function isActive(command: Command): boolean {
  if (typeof document.queryCommandState !== 'function') return false;
  try {
    if (command.command === 'formatBlock') {
      return document.queryCommandValue('formatBlock').toLowerCase() === command.value;
    }
    return document.queryCommandState(command.command);
  } catch {
    return false;
  }
}

/** '' when the editor holds no text (a stray <br> or empty paragraph left by the browser counts as empty). */
function editorHtml(element: HTMLElement): string {
  const text = (element.textContent ?? '').trim();
  return text === '' && !element.querySelector('img') ? '' : element.innerHTML;
}

export interface RichTextEditorProps {
  label: ReactNode;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  hint?: ReactNode;
  /** The form field it edits, for focusing the first field with an error. */
  field?: string;
  /** 'basic': bold, italic and lists only (answers); 'full' adds headings and links (course text). */
  tools?: 'basic' | 'full';
  disabled?: boolean;
  /** Shown inside the frame under the text (say, a save state). */
  footer?: ReactNode;
}

export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  hint,
  field,
  tools = 'full',
  disabled = false,
  footer,
}: RichTextEditorProps) {
  useNamespace('editor');
  const { t } = useTranslation();
  const id = useId();
  const editor = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linking, setLinking] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const commands = tools === 'full' ? COMMANDS : COMMANDS.filter((command) => command.basic);

  // The editor owns its DOM while typing; only a value from outside (a reset, a draft) is written back.
  useEffect(() => {
    const element = editor.current;
    if (!element || value === emitted.current || element.innerHTML === value) return;
    element.innerHTML = value;
    emitted.current = value;
  }, [value]);

  const emit = () => {
    if (!editor.current) return;
    const html = editorHtml(editor.current);
    emitted.current = html;
    onChange(html);
  };

  const refreshState = () => {
    const selection = document.getSelection();
    if (!selection || !editor.current?.contains(selection.anchorNode)) return;
    setActive(Object.fromEntries(commands.map((command) => [command.id, isActive(command)])));
  };

  const apply = (command: Command) => {
    editor.current?.focus();
    run(command.command, 'value' in command ? `<${command.value}>` : undefined);
    emit();
    refreshState();
  };

  const startLink = () => {
    const selection = document.getSelection();
    savedRange.current =
      selection && selection.rangeCount > 0 && editor.current?.contains(selection.anchorNode)
        ? selection.getRangeAt(0).cloneRange()
        : null;
    setLinkUrl('https://');
    setLinking(true);
  };

  const restoreSelection = () => {
    editor.current?.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };

  const applyLink = () => {
    const url = linkUrl.trim();
    restoreSelection();
    if (/^(https?:\/\/|mailto:)\S+$/i.test(url)) {
      if (savedRange.current && !savedRange.current.collapsed) run('createLink', url);
      else run('insertHTML', `<a href="${url.replace(/"/g, '&quot;')}">${url.replace(/</g, '&lt;')}</a>`);
      emit();
    }
    setLinking(false);
  };

  const removeLink = () => {
    editor.current?.focus();
    run('unlink');
    emit();
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setLinking(false);
      restoreSelection();
    }
  };

  const toolButton =
    'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm text-slate-800 hover:bg-slate-200 aria-pressed:bg-primary-soft aria-pressed:text-primary-text focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50';

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <div
        className={`overflow-hidden rounded-lg border bg-white shadow-sm focus-within:border-primary focus-within:outline-2 focus-within:outline-primary ${
          error ? 'border-red-600' : 'border-slate-300'
        } ${disabled ? 'opacity-70' : ''}`}
      >
        <div
          role="toolbar"
          aria-label={t('editor.toolbar')}
          aria-controls={id}
          className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1"
        >
          {commands.map((command) => (
            <button
              key={command.id}
              type="button"
              className={toolButton}
              title={
                command.shortcut
                  ? `${t(`editor.${command.id}`)} (${command.shortcut})`
                  : t(`editor.${command.id}`)
              }
              aria-pressed={active[command.id] ?? false}
              disabled={disabled}
              // Keep the selection in the editor while clicking the toolbar.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(command)}
            >
              {/* Named by the glyph it shows ("H2", "1.") and then what it does (WCAG 2.5.3). */}
              {command.glyph}
              <span className="sr-only"> {t(`editor.${command.id}`)}</span>
            </button>
          ))}
          {tools === 'full' && (
            <>
              <span className="mx-1 h-5 w-px bg-slate-300" aria-hidden="true" />
              <button
                type="button"
                className={toolButton}
                aria-label={t('editor.link')}
                title={t('editor.link')}
                aria-expanded={linking}
                onMouseDown={(event) => event.preventDefault()}
                onClick={startLink}
              >
                <span className="underline">a</span>
              </button>
              <button
                type="button"
                className={toolButton}
                aria-label={t('editor.unlink')}
                title={t('editor.unlink')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={removeLink}
              >
                <span className="line-through">a</span>
              </button>
            </>
          )}
        </div>
        {linking && (
          <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
            <label className="flex min-w-56 flex-1 flex-col gap-1 text-xs font-medium text-slate-700">
              {t('editor.link_address')}
              <input
                type="url"
                value={linkUrl}
                autoFocus
                onChange={(event) => setLinkUrl(event.target.value)}
                onKeyDown={onLinkKeyDown}
                className={`${controlClasses} h-9 border-slate-300 text-sm`}
              />
            </label>
            <Button size="sm" onClick={applyLink}>
              {t('editor.apply_link')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setLinking(false)}>
              {t('actions.cancel')}
            </Button>
          </div>
        )}
        <div
          id={id}
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedByOf(id, error, hint)}
          aria-invalid={error ? true : undefined}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={0}
          data-field={field}
          className="rich-text min-h-40 px-3 py-2 text-slate-900 focus:outline-none [&_a]:text-primary-text [&_a]:underline [&_h2]:mt-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1.5 [&_ul]:list-disc [&_ul]:pl-6"
          onInput={emit}
          onBlur={emit}
          onKeyUp={refreshState}
          onMouseUp={refreshState}
          onFocus={() => run('defaultParagraphSeparator', 'p')}
        />
        {footer && <div className="border-t border-slate-200 bg-slate-50 px-3 py-2">{footer}</div>}
      </div>
      <FieldFooter id={id} error={error} hint={hint} />
    </div>
  );
}
