/**
 * A student's answer: HTML the server has already sanitised, cleaned once more before it is shown
 * (scripts, embedded frames, event handlers, javascript: addresses), the way the course player
 * shows course text, so a change on the server can never run code in a coach's browser.
 */
import { useMemo } from 'react';

const FORBIDDEN_ELEMENTS =
  'script, style, iframe, object, embed, form, input, button, textarea, select, link, meta, base';

export function cleanAnswerHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  document.querySelectorAll(FORBIDDEN_ELEMENTS).forEach((element) => element.remove());
  document.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      if (name.startsWith('on') || ((name === 'href' || name === 'src') && value.startsWith('javascript:')))
        element.removeAttribute(attribute.name);
    }
    if (element.tagName === 'A') {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return document.body.innerHTML;
}

const richTextClasses =
  'text-slate-800 leading-relaxed [&_a]:text-primary-text [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:max-w-full [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&>*:first-child]:mt-0';

/** The answer text, or `empty` when the student wrote nothing. */
export function AnswerText({ html, empty }: { html: string | null | undefined; empty: string }) {
  const clean = useMemo(() => cleanAnswerHtml(html ?? ''), [html]);
  if (clean.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(clean))
    return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div className={richTextClasses} dangerouslySetInnerHTML={{ __html: clean }} data-testid="answer-text" />
  );
}
