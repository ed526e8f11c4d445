/** Reads a Server-Sent Events stream over real HTTP, as a browser's EventSource would. */
export interface ServerSentEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** The next event named `name` (comments and other events are skipped), or a failure after `ms`. */
  next(name?: string, ms?: number): Promise<ServerSentEvent>;
  /** Whether an event named `name` arrives within `ms`. */
  arrives(name: string, ms: number): Promise<boolean>;
  /** Raw text received so far (comments included). */
  text(): string;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const queue: ServerSentEvent[] = [];
  const waiters: Array<() => void> = [];
  let raw = '';
  let buffer = '';
  let ended = false;
  const wake = () => waiters.splice(0).forEach((waiter) => waiter());
  if (response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          raw += value;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: ServerSentEvent = { id: null, event: 'message', data: '' };
            let fields = 0;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') event.id = value;
              else if (field === 'event') event.event = value;
              else if (field === 'data') event.data += (event.data ? '\n' : '') + value;
              else continue;
              fields += 1;
            }
            if (fields > 0) queue.push(event);
          }
          wake();
        }
      } catch {
        // aborted
      }
      ended = true;
      wake();
    })();
  } else {
    ended = true;
  }

  async function take(name: string | undefined, ms: number): Promise<ServerSentEvent | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = queue.findIndex((event) => !name || event.event === name);
      if (index >= 0) {
        const [event] = queue.splice(0, index + 1).slice(-1);
        return event!;
      }
      const left = deadline - Date.now();
      if (ended || left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    async next(name, ms = 5_000) {
      const event = await take(name, ms);
      if (!event) throw new Error(`no "${name ?? 'any'}" event within ${ms} ms; received:\n${raw}`);
      return event;
    },
    async arrives(name, ms) {
      return (await take(name, ms)) !== null;
    },
    text: () => raw,
    close: () => abort.abort(),
  };
}
