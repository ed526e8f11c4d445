/**
 * The chat widget adapter (SPEC §4, §7). The real one loads the vendor snippet from its static asset
 * host with the portal's chat id; without a chat id the adapter does nothing at all.
 */

export interface ChatOptions {
  locale: string;
  fullName?: string | null;
  accountId?: string | null;
}

export interface ChatAdapter {
  readonly enabled: boolean;
  load(options: ChatOptions): Promise<void>;
  open(): void;
  close(): void;
  /** Unread messages; returns an unsubscribe function. */
  onUnreadChange(listener: (count: number) => void): () => void;
  /** The widget's own close event. */
  onClose(listener: () => void): () => void;
}

/** Conversation tags (SPEC §7), with the spec's fallbacks when a value is missing. */
export function chatTags({ fullName, accountId }: Pick<ChatOptions, 'fullName' | 'accountId'>): string[] {
  return [fullName?.trim() || 'Naam onbekend', accountId?.trim() || 'ID onbekend'];
}

const noopAdapter: ChatAdapter = {
  enabled: false,
  load: async () => {},
  open: () => {},
  close: () => {},
  onUnreadChange: () => () => {},
  onClose: () => () => {},
};

type ZendeskApi = (...args: unknown[]) => void;
declare global {
  interface Window {
    zE?: ZendeskApi;
  }
}

const SNIPPET_HOST = 'https://static.zdassets.com/ekr/snippet.js';

function zendeskAdapter(chatId: string): ChatAdapter {
  let loading: Promise<void> | null = null;
  const call = (...args: unknown[]) => window.zE?.(...args);
  return {
    enabled: true,
    load(options) {
      loading ??= new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.id = 'ze-snippet';
        script.async = true;
        script.src = `${SNIPPET_HOST}?key=${encodeURIComponent(chatId)}`;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('chat snippet failed to load'));
        document.head.append(script);
      }).then(() => {
        call('messenger', 'hide');
        call('messenger:set', 'locale', options.locale);
        call('messenger:set', 'conversationTags', chatTags(options));
      });
      return loading;
    },
    open: () => {
      call('messenger', 'show');
      call('messenger', 'open');
    },
    close: () => {
      call('messenger', 'close');
      call('messenger', 'hide');
    },
    onUnreadChange(listener) {
      let active = true;
      call('messenger:on', 'unreadMessages', (count: number) => active && listener(count));
      return () => {
        active = false;
      };
    },
    onClose(listener) {
      let active = true;
      call('messenger:on', 'close', () => active && listener());
      return () => {
        active = false;
      };
    },
  };
}

const adapters = new Map<string, ChatAdapter>();

export function chatAdapter(chatId: string | null | undefined): ChatAdapter {
  if (!chatId) return noopAdapter;
  let adapter = adapters.get(chatId);
  if (!adapter) {
    adapter = zendeskAdapter(chatId);
    adapters.set(chatId, adapter);
  }
  return adapter;
}
