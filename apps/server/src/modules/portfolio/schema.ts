import { LANGUAGES } from '@leerpad/core';
import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const ITEM_KINDS = ['reflection', 'evidence', 'link', 'course', 'certificate'] as const;
/** The kinds a student adds by hand; certificates are added when they are issued. */
export const ADDABLE_KINDS = ['reflection', 'evidence', 'link', 'course'] as const;
export const VISIBILITIES = ['private', 'coaches', 'public'] as const;
export const FEEDBACK_STATES = ['pending', 'rated', 'expired'] as const;

const itemFile = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

/** A file of an item shown to a guest, with the address the guest downloads it from. */
const guestFile = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  url: z.string().describe('Where a guest downloads it: through the feedback link or the public profile.'),
});

const rating = z.object({
  id: z.string(),
  rater_name: z.string(),
  scores: z.array(z.object({ criterion: z.string(), score: z.number().int() })),
  comment: z.string().nullable(),
  rated_at: timestamp,
});

export const portfolioItemResource = resourceSchema('PortfolioItem', 'portfolio_items', {
  attributes: z.object({
    kind: z.enum(ITEM_KINDS),
    title: z.string(),
    /** Sanitised rich text (reflections; a note on other kinds). */
    body: z.string(),
    url: z.string().nullable(),
    files: z.array(itemFile),
    course_title: z.string().nullable(),
    certificate_code: z.string().nullable(),
    verify_url: z.string().nullable(),
    visibility: z.enum(VISIBILITIES),
    competencies: z.array(z.string()),
    comment_count: z.number().int(),
    /** Feedback received through /rate; only the student sees it. */
    ratings: z.array(rating),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ student: toOne('accounts'), course: toOne('courses') }),
  meta: abilitiesMeta(['edit', 'delete', 'comment', 'ask_feedback']),
});
export type PortfolioItemResource = z.infer<typeof portfolioItemResource>;

export const portfolioCommentResource = resourceSchema('PortfolioComment', 'portfolio_comments', {
  attributes: z.object({
    body: z.string(),
    author_name: z.string().nullable(),
    created_at: timestamp,
  }),
  relationships: z.object({ item: toOne('portfolio_items'), author: toOne('accounts') }),
});
export type PortfolioCommentResource = z.infer<typeof portfolioCommentResource>;

export const feedbackRequestResource = resourceSchema('FeedbackRequest', 'feedback_requests', {
  attributes: z.object({
    email: z.string(),
    name: z.string(),
    message: z.string().nullable(),
    state: z.enum(FEEDBACK_STATES),
    criteria: z.array(z.string()),
    expires_at: timestamp,
    rated_at: timestamp.nullable(),
    created_at: timestamp,
  }),
  relationships: z.object({ item: toOne('portfolio_items') }),
});
export type FeedbackRequestResource = z.infer<typeof feedbackRequestResource>;

/** What the person with a feedback link sees: the item, the rubric, whose it is. Nothing else. */
export const feedbackFormResource = resourceSchema('FeedbackForm', 'feedback_forms', {
  attributes: z.object({
    rater_name: z.string(),
    student_name: z.string(),
    portal_name: z.string(),
    message: z.string().nullable(),
    item: z.object({
      kind: z.enum(ITEM_KINDS),
      title: z.string(),
      body: z.string(),
      url: z.string().nullable(),
      file_names: z.array(z.string()),
      files: z.array(guestFile),
      course_title: z.string().nullable(),
    }),
    criteria: z.array(z.string()),
    expires_at: timestamp,
  }),
});

export const ownProfileResource = resourceSchema('Profile', 'profiles', {
  attributes: z.object({
    full_name: z.string(),
    avatar_url: z.string().nullable(),
    headline: z.string().nullable(),
    biography: z.string().nullable(),
    handle: z.string().nullable(),
    is_public: z.boolean(),
    indexable: z.boolean(),
    /** The guest page's address once the profile has a handle. */
    public_url: z.string().nullable(),
  }),
});
export type OwnProfileResource = z.infer<typeof ownProfileResource>;

export const publicProfileResource = resourceSchema('PublicProfile', 'public_profiles', {
  attributes: z.object({
    full_name: z.string(),
    avatar_url: z.string().nullable(),
    headline: z.string().nullable(),
    biography: z.string().nullable(),
    handle: z.string(),
    indexable: z.boolean(),
    items: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(ITEM_KINDS),
        title: z.string(),
        body: z.string(),
        url: z.string().nullable(),
        files: z.array(guestFile),
        course_title: z.string().nullable(),
        competencies: z.array(z.string()),
        created_at: timestamp,
      }),
    ),
    certificates: z.array(
      z.object({
        name: z.string(),
        code: z.string(),
        status: z.string(),
        issued_at: timestamp,
        expires_at: timestamp.nullable(),
        verify_url: z.string(),
      }),
    ),
  }),
});

const criterionNames = z.object(
  Object.fromEntries(LANGUAGES.map((locale) => [locale, z.string().optional()])) as Record<
    (typeof LANGUAGES)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** The rubric of /rate: the criteria staff set (names per portal language), or the default. */
export const portfolioRubricResource = resourceSchema('PortfolioRubric', 'portfolio_rubrics', {
  attributes: z.object({
    criteria: z.array(z.object({ names: criterionNames })),
    /** The portal's languages, primary first: each criterion needs a name in each. */
    languages: z.array(z.enum(LANGUAGES)),
    /** False while the portal uses the default rubric. */
    customised: z.boolean(),
  }),
});
