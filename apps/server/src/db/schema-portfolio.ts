import type { Generated, Selectable } from 'kysely';

/** Table shapes of the portfolio (migration 20261127204000_portfolio). JSON is stored as text. */
export interface PortfolioItemsTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  /** reflection | evidence | link | course | certificate */
  kind: string;
  title: string;
  /** Sanitised rich text. */
  body: Generated<string>;
  url: string | null;
  /** JSON array of file ids (uploaded through /v1/files). */
  file_ids: Generated<string>;
  course_id: number | null;
  certificate_id: number | null;
  /** private | coaches | public */
  visibility: string;
  /** JSON array of competency tags. */
  competencies: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PortfolioCommentsTable {
  id: Generated<number>;
  portal_id: number;
  item_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
}

export interface FeedbackRequestsTable {
  id: Generated<number>;
  portal_id: number;
  item_id: number;
  /** The student who asked. */
  account_id: number;
  email: string;
  name: string;
  message: string | null;
  token_hash: string;
  /** JSON array of the rubric's criteria when the request was made. */
  criteria: string;
  /** JSON array of 1..5 scores, one per criterion, once rated. */
  scores: string | null;
  comment: string | null;
  expires_at: string;
  rated_at: string | null;
  created_at: string;
}

export interface PortfolioTables {
  portfolio_items: PortfolioItemsTable;
  portfolio_comments: PortfolioCommentsTable;
  feedback_requests: FeedbackRequestsTable;
}

export type PortfolioItemRow = Selectable<PortfolioItemsTable>;
export type PortfolioCommentRow = Selectable<PortfolioCommentsTable>;
export type FeedbackRequestRow = Selectable<FeedbackRequestsTable>;
