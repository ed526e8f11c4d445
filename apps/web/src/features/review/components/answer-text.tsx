/**
 * A student's answer: HTML the server has already sanitised, cleaned once more before it is shown
 * (scripts, embedded frames, event handlers, javascript: addresses), the way the course player
 * shows course text, so a change on the server can never run code in a coach's browser.
 */
import { useMemo } from 'react';
import { cleanHtml, richTextClasses } from '../../../components/html-content';

/** A student's answer: no embedded frames, links open in a new tab. */
export const cleanAnswerHtml = (html: string) => cleanHtml(html, { linksInNewTab: true });

/** The answer text, or `empty` when the student wrote nothing. */
export function AnswerText({ html, empty }: { html: string | null | undefined; empty: string }) {
  const clean = useMemo(() => cleanAnswerHtml(html ?? ''), [html]);
  if (clean.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(clean))
    return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div className={richTextClasses} dangerouslySetInnerHTML={{ __html: clean }} data-testid="answer-text" />
  );
}
