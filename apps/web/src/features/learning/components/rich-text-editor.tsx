/**
 * A small rich-text editor for assignment answers: bold, italic and lists on a contenteditable
 * area, without an editor library (they cost tens of KB). The server sanitises what it receives.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon, type IconProps } from '../../../components/icons';
import { useTranslation } from '../../../lib/i18n/i18n';

const COMMANDS = [
  {
    command: 'bold',
    labelKey: 'learning.editor.bold',
    icon: (props: IconProps) => (
      <Icon {...props}>
        <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />
      </Icon>
    ),
  },
  {
    command: 'italic',
    labelKey: 'learning.editor.italic',
    icon: (props: IconProps) => (
      <Icon {...props}>
        <path d="M14 5h-4M14 19h-4M14 5l-4 14" />
      </Icon>
    ),
  },
  {
    command: 'insertUnorderedList',
    labelKey: 'learning.editor.bulleted_list',
    icon: (props: IconProps) => (
      <Icon {...props}>
        <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
      </Icon>
    ),
  },
  {
    command: 'insertOrderedList',
    labelKey: 'learning.editor.numbered_list',
    icon: (props: IconProps) => (
      <Icon {...props}>
        <path d="M10 6h10M10 12h10M10 18h10M4 5l1-1v4M3.5 14.5a1.2 1.2 0 0 1 2 1L3.5 18h2.5" />
      </Icon>
    ),
  },
] as const;

/** '' when the editor holds no text (a stray <br> left by the browser counts as empty). */
export function editorHtml(element: HTMLElement): string {
  const text = (element.textContent ?? '').trim();
  return text === '' && !element.querySelector('img') ? '' : element.innerHTML;
}

export function RichTextEditor({
  value,
  onChange,
  label,
  describedBy,
  disabled = false,
  invalid = false,
  footer,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  describedBy?: string;
  disabled?: boolean;
  invalid?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const editorRef = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});

  // The editor owns its content while typing; only a value from outside replaces it.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || value === emitted.current) return;
    editor.innerHTML = value;
    emitted.current = value;
  }, [value]);

  const refreshActive = useCallback(() => {
    if (typeof document.queryCommandState !== 'function') return;
    const editor = editorRef.current;
    if (!editor || !editor.contains(document.getSelection()?.anchorNode ?? null)) return;
    setActive(
      Object.fromEntries(COMMANDS.map(({ command }) => [command, document.queryCommandState(command)])),
    );
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  const emit = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const html = editorHtml(editor);
    emitted.current = html;
    onChange(html);
  };

  const run = (command: string) => {
    editorRef.current?.focus();
    if (typeof document.execCommand === 'function') document.execCommand(command);
    refreshActive();
    emit();
  };

  return (
    <div
      className={`overflow-hidden rounded-lg border bg-white shadow-sm focus-within:border-primary focus-within:outline-2 focus-within:outline-primary ${
        invalid ? 'border-red-600' : 'border-slate-300'
      } ${disabled ? 'opacity-70' : ''}`}
    >
      <div
        role="toolbar"
        aria-label={t('learning.editor.toolbar')}
        className="flex gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
      >
        {COMMANDS.map(({ command, labelKey, icon: CommandIcon }) => (
          <button
            key={command}
            type="button"
            disabled={disabled}
            aria-label={t(labelKey)}
            title={t(labelKey)}
            aria-pressed={active[command] ?? false}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command)}
            className={`inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50 ${
              active[command] ? 'bg-slate-200 text-slate-900' : ''
            }`}
          >
            <CommandIcon size={16} />
          </button>
        ))}
      </div>
      <div
        ref={editorRef}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        data-testid="answer-editor"
        className="min-h-48 px-4 py-3 text-slate-900 outline-none [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6"
      />
      {footer && <div className="border-t border-slate-200 bg-slate-50 px-3 py-2">{footer}</div>}
    </div>
  );
}
