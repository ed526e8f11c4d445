/**
 * The SCORM runtime of the course player (decision 064). scorm-again runs here, in the app's page,
 * as `window.API` (1.2) or `window.API_1484_11` (2004). The SCO runs in a sandboxed frame of an
 * opaque origin and reaches it only through messages: scorm-again's CrossFrameAPI inside the frame
 * (served with the SCO) answers the SCO at once from its copy and relays each call here.
 */
import type { ScormVersion } from '@leerpad/core';

type Flat = Record<string, unknown>;

/** The calls a SCO may relay (scorm-again's CrossFrameLMS list). */
const ALLOWED_METHODS = new Set([
  'LMSInitialize',
  'LMSFinish',
  'LMSGetValue',
  'LMSSetValue',
  'LMSCommit',
  'LMSGetLastError',
  'LMSGetErrorString',
  'LMSGetDiagnostic',
  'Initialize',
  'Terminate',
  'GetValue',
  'SetValue',
  'Commit',
  'GetLastError',
  'GetErrorString',
  'GetDiagnostic',
  'getFlattenedCMI',
]);

interface RuntimeApi {
  loadFromFlattenedJSON(json: Flat, element?: string): void;
  getFlattenedCMI(): Flat;
  on(listener: string, callback: (...args: unknown[]) => void): void;
  [method: string]: unknown;
}

export interface ScormRuntime {
  /** The runtime's cmi now, flattened (what the API saves). */
  cmi(): Flat;
  /** Whether the SCO has started (Initialize was called). */
  started(): boolean;
  /** Relays the messages of this frame's SCO to the runtime; returns how to stop. */
  bridge(frame: HTMLIFrameElement): () => void;
  destroy(): void;
}

declare global {
  interface Window {
    API?: unknown;
    API_1484_11?: unknown;
  }
}

/**
 * Starts scorm-again for one SCO with the cmi the server gave (resume), calling `onCommit` whenever
 * the SCO commits or finishes; the runtime itself sends nothing (lmsCommitUrl off).
 */
export async function startRuntime(
  version: ScormVersion,
  cmiJson: string,
  onCommit: (cmi: Flat, final: boolean) => void,
): Promise<ScormRuntime> {
  const settings = { lmsCommitUrl: false, autocommit: false, logLevel: 5 as const };
  // The bundles export the class by name; their type declarations call it the default export.
  type RuntimeClass = new (options: typeof settings) => RuntimeApi;
  const loaded = (version === '1.2'
    ? await import('scorm-again/scorm12')
    : await import('scorm-again/scorm2004')) as unknown as Record<string, RuntimeClass | undefined>;
  const Runtime = loaded[version === '1.2' ? 'Scorm12API' : 'Scorm2004API'] ?? loaded.default;
  if (!Runtime) throw new Error('The SCORM runtime did not load.');
  const api = new Runtime(settings);
  api.loadFromFlattenedJSON(JSON.parse(cmiJson) as Flat, '');
  let started = false;
  const [commit, finish, initialize] =
    version === '1.2' ? ['LMSCommit', 'LMSFinish', 'LMSInitialize'] : ['Commit', 'Terminate', 'Initialize'];
  api.on(initialize!, () => {
    started = true;
  });
  api.on(commit!, () => onCommit(api.getFlattenedCMI(), false));
  api.on(finish!, () => onCommit(api.getFlattenedCMI(), true));
  if (version === '1.2') window.API = api;
  else window.API_1484_11 = api;

  return {
    cmi: () => api.getFlattenedCMI(),
    started: () => started,
    bridge(frame) {
      const onMessage = (event: MessageEvent) => {
        // Only the SCO in our frame, while it is still the sandboxed package (an opaque origin).
        if (event.source !== frame.contentWindow || event.origin !== 'null') return;
        const message = event.data as {
          messageId?: unknown;
          method?: unknown;
          params?: unknown;
          isHeartbeat?: unknown;
        };
        if (!message || typeof message.messageId !== 'string' || typeof message.method !== 'string') return;
        const source = event.source as Window;
        // The frame has an opaque origin, which no target origin can name; the reply goes to its window only.
        const reply = (answer: Record<string, unknown>) =>
          source.postMessage({ messageId: message.messageId, ...answer }, '*');
        if (message.isHeartbeat === true) {
          reply({ isHeartbeat: true });
          return;
        }
        if (!ALLOWED_METHODS.has(message.method)) {
          reply({ error: { message: `Method not allowed: ${message.method}`, code: '101' } });
          return;
        }
        try {
          const method = api[message.method] as (...args: unknown[]) => unknown;
          const params = Array.isArray(message.params) ? (message.params as unknown[]) : [];
          reply({ result: method.apply(api, params) });
        } catch (error) {
          reply({ error: { message: error instanceof Error ? error.message : 'Unknown error' } });
        }
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
    destroy() {
      if (window.API === api) delete window.API;
      if (window.API_1484_11 === api) delete window.API_1484_11;
    },
  };
}
