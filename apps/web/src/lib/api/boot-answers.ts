/**
 * The answers the server put in the page for the first requests (ping, the current portal, /me):
 * a JSON data block keyed by the exact address the client asks for (docs/decisions/015). Each is
 * used once, by the first GET for its address; later requests go to the server as usual.
 */
export const BOOT_ELEMENT_ID = 'leerpad-boot';

let answers: Map<string, unknown> | null = null;

function readAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    const parsed = JSON.parse(element.textContent) as unknown;
    if (parsed && typeof parsed === 'object') answers = new Map(Object.entries(parsed));
  } catch {
    // A page without usable answers only means the first requests go to the server.
  }
  element.remove();
  return answers;
}

/** The page's answer for this address, once; undefined when there is none (or it was used). */
export function takeBootAnswer(url: string): unknown {
  const known = readAnswers();
  if (!known.has(url)) return undefined;
  const answer = known.get(url);
  known.delete(url);
  return answer;
}
