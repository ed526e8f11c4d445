/**
 * HTML the server has already sanitised (course text, a student's answer), cleaned once more here
 * (scripts, event handlers, javascript: addresses, frames other than the allowed players) so a change
 * on the server can never run code in the browser.
 */
import { useMemo } from 'react';

const FORBIDDEN_ELEMENTS =
  'script, style, object, embed, form, input, button, textarea, select, link, meta, base';

export interface CleanHtmlOptions {
  /** Frames whose address matches stay (course videos); every other frame is removed. */
  frames?: RegExp;
  /** Every link opens in a new tab. */
  linksInNewTab?: boolean;
}

export function cleanHtml(html: string, { frames, linksInNewTab = false }: CleanHtmlOptions = {}): string {
  if (typeof DOMParser === 'undefined') return '';
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  document.querySelectorAll(FORBIDDEN_ELEMENTS).forEach((element) => element.remove());
  document.querySelectorAll('iframe').forEach((frame) => {
    if (!frames?.test(frame.getAttribute('src') ?? '')) frame.remove();
  });
  document.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      if (name.startsWith('on') || ((name === 'href' || name === 'src') && value.startsWith('javascript:')))
        element.removeAttribute(attribute.name);
    }
    if (element.tagName !== 'A') return;
    if (linksInNewTab) element.setAttribute('target', '_blank');
    if (element.getAttribute('target') === '_blank') element.setAttribute('rel', 'noopener noreferrer');
  });
  return document.body.innerHTML;
}

/** Course videos from these players may stay embedded in course text. */
export const COURSE_VIDEO_FRAMES = /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//;

/** Readable defaults for headings, paragraphs, lists and links inside rich text. */
export const richTextClasses =
  'text-slate-800 leading-relaxed [&_a]:text-primary-text [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:max-w-full [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&>*:first-child]:mt-0';

/** Course text, with embedded course videos kept. */
export function HtmlContent({
  html,
  className = '',
}: {
  html: string | null | undefined;
  className?: string;
}) {
  const clean = useMemo(() => cleanHtml(html ?? '', { frames: COURSE_VIDEO_FRAMES }), [html]);
  if (clean.trim() === '') return null;
  return <div className={`${richTextClasses} ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
