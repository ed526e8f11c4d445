/**
 * Which forms hold changes not yet saved. Each shared `<Form>` registers a question ("are you
 * dirty?"); the router's guard asks before leaving the page, and the browser asks before the tab
 * closes or reloads (`beforeunload`). Plain functions, read at the moment of leaving: a form that
 * has just been sent is clean before its own navigation runs.
 */
type DirtyCheck = () => boolean;

const forms = new Set<DirtyCheck>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedChanges()) return;
  event.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = '';
}

/** Registers a form; answers the function that removes it again. */
export function registerForm(isDirty: DirtyCheck): () => void {
  if (forms.size === 0) window.addEventListener('beforeunload', onBeforeUnload);
  forms.add(isDirty);
  return () => {
    forms.delete(isDirty);
    if (forms.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

export function hasUnsavedChanges(): boolean {
  for (const isDirty of forms) if (isDirty()) return true;
  return false;
}
