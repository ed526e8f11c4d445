import type { Change, ChangeFeed } from '../db/change-feed';
import type { JsonApiDocument } from './document';
import type { PortalContext } from './portal';
import type { AccountContext } from './account';

/** A session as the request pipeline needs it; times in epoch milliseconds, `expiresAt` checked on every use. */
export interface SessionView {
  sessionId: number;
  account: AccountContext;
  lastSeenAt: number;
  lastOnline: number | null;
  expiresAt: number;
}

interface DocumentView {
  portal: PortalContext;
  document: JsonApiDocument;
  coachId: number | null;
  entityId: number | null;
}

const LIMIT = 10_000;

/**
 * The two reads every page makes — the session and `GET /api/v1/me` — kept per process and dropped
 * the moment the database reports a write they depend on (db/change-feed.ts). Without a change feed
 * nothing is kept. A view read before a write but stored after it is refused: every change moves
 * the epoch, and a store names the epoch its read started in.
 */
export class AccountViews {
  private readonly sessions = new Map<string, SessionView>();
  private readonly tokensByAccount = new Map<number, Set<string>>();
  private readonly documents = new Map<number, DocumentView>();
  private changes = 0;

  constructor(private readonly feed: ChangeFeed | null) {
    feed?.subscribe((change) => this.forget(change));
  }

  /**
   * Starts a request's reads: brings the views up to date with writes made elsewhere and returns the
   * epoch to store with. Once per request (the session lookup does it); later reads take `epoch`.
   */
  begin(): number {
    this.feed?.catchUp();
    return this.changes;
  }

  /** The epoch to store a view with, for a read later in a request that has begun. */
  get epoch(): number {
    return this.changes;
  }

  session(tokenHash: string, now: number): SessionView | undefined {
    const view = this.sessions.get(tokenHash);
    if (view && view.expiresAt <= now) {
      this.dropSession(tokenHash);
      return undefined;
    }
    return view;
  }

  storeSession(epoch: number, tokenHash: string, view: SessionView): void {
    if (!this.feed?.live() || epoch !== this.changes) return;
    if (this.sessions.size >= LIMIT) this.dropSession(this.sessions.keys().next().value as string);
    this.sessions.set(tokenHash, view);
    const tokens = this.tokensByAccount.get(view.account.id);
    if (tokens) tokens.add(tokenHash);
    else this.tokensByAccount.set(view.account.id, new Set([tokenHash]));
  }

  document(accountId: number, portal: PortalContext): JsonApiDocument | undefined {
    const view = this.documents.get(accountId);
    return view && view.portal === portal ? view.document : undefined;
  }

  storeDocument(epoch: number, accountId: number, view: DocumentView): void {
    if (!this.feed?.live() || epoch !== this.changes) return;
    if (this.documents.size >= LIMIT) this.documents.delete(this.documents.keys().next().value as number);
    this.documents.set(accountId, view);
    markReusable(view.document);
  }

  /**
   * A request's own writes, where the feed reports them only after the commit: the account's views
   * go before the request answers, so its next request reads them again.
   */
  forgetOwnWrites(accountId: number): void {
    if (this.feed && !this.feed.synchronous) this.forget({ kind: 'account', id: accountId });
  }

  private forget(change: Change): void {
    this.changes++;
    switch (change.kind) {
      case 'session':
        this.dropSession(change.tokenHash);
        break;
      case 'account':
        this.documents.delete(change.id);
        for (const tokenHash of [...(this.tokensByAccount.get(change.id) ?? [])]) this.dropSession(tokenHash);
        break;
      case 'coach':
        for (const [accountId, view] of this.documents) {
          if (view.coachId === change.id) this.documents.delete(accountId);
        }
        break;
      case 'entity':
        for (const [accountId, view] of this.documents) {
          if (view.entityId === change.id) this.documents.delete(accountId);
        }
        break;
      case 'everything':
        this.sessions.clear();
        this.tokensByAccount.clear();
        this.documents.clear();
        break;
    }
  }

  private dropSession(tokenHash: string): void {
    const view = this.sessions.get(tokenHash);
    if (!view) return;
    this.sessions.delete(tokenHash);
    const tokens = this.tokensByAccount.get(view.account.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensByAccount.delete(view.account.id);
  }
}

/** Documents served many times unchanged (the cached `/me`), with their JSON once it is made. */
const reusable = new WeakMap<JsonApiDocument, Buffer | null>();

/** Marks a document that will be served again as it is: its JSON is then made only once. */
export function markReusable(document: JsonApiDocument): void {
  if (!reusable.has(document)) reusable.set(document, null);
}

/** The JSON of a document marked reusable, made on first use; undefined for any other document. */
export function reusableJson(document: JsonApiDocument): Buffer | undefined {
  const json = reusable.get(document);
  if (json === undefined) return undefined;
  if (json) return json;
  const made = Buffer.from(JSON.stringify(document));
  reusable.set(document, made);
  return made;
}
