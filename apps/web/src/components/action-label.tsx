import type { ReactNode } from 'react';

/**
 * A control's visible words, then what it acts on for screen readers only ("Approve" + " Jan
 * Jansen"). Its name starts with what is seen, in every language, so a voice user who says what
 * they see reaches it (WCAG 2.5.3); an aria-label would replace the words instead.
 */
export function ActionLabel({ children, subject }: { children: ReactNode; subject: ReactNode }) {
  return (
    <>
      {children}
      <span className="sr-only"> {subject}</span>
    </>
  );
}
