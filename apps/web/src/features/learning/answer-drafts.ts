/**
 * Assignment drafts kept in the browser as well as on the server, so a reload, a closed tab or a
 * failed autosave never loses text. A draft is marked synced once the server has it.
 */
export interface LocalDraft {
  text: string;
  synced: boolean;
  savedAt: string;
}

const key = (accountId: string, learningObjectId: string) =>
  `leerpad:answer-draft:${accountId}:${learningObjectId}`;

export function readDraft(accountId: string, learningObjectId: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(key(accountId, learningObjectId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<LocalDraft>;
    return typeof draft.text === 'string'
      ? { text: draft.text, synced: draft.synced === true, savedAt: String(draft.savedAt ?? '') }
      : null;
  } catch {
    return null;
  }
}

export function writeDraft(accountId: string, learningObjectId: string, text: string, synced: boolean): void {
  try {
    window.localStorage.setItem(
      key(accountId, learningObjectId),
      JSON.stringify({ text, synced, savedAt: new Date().toISOString() } satisfies LocalDraft),
    );
  } catch {
    // Storage full or disabled: the server copy still counts.
  }
}

export function clearDraft(accountId: string, learningObjectId: string): void {
  try {
    window.localStorage.removeItem(key(accountId, learningObjectId));
  } catch {
    // Nothing to clear.
  }
}
