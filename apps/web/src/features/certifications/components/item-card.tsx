/** One portfolio item: its content, visibility, received ratings, pending requests and comments. */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage, TextAreaField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { HtmlContent } from '../../../components/html-content';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  commentsQuery,
  useAddComment,
  useChangeVisibility,
  useDeletePortfolioItem,
  type FeedbackRequest,
  type PortfolioItem,
  type Visibility,
} from '../../../lib/resources/portfolio';
import { formatDay } from './certificate-status';
import { AskFeedbackDialog } from './ask-feedback-dialog';
import { LabelledSelect } from './labelled-select';
import { Form } from '../../../components/form/form';

function Comments({ item }: { item: PortfolioItem }) {
  const { t, i18n } = useTranslation();
  const comments = useQuery(commentsQuery(item.id));
  const add = useAddComment(item.id);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    add.mutate(body, {
      onSuccess: () => setBody(''),
      onError: (error) => setErrors(formErrorsFrom(error, ['body'], t('portfolio.comments.failed'))),
    });
  };
  return (
    <div className="mt-3 flex flex-col gap-3" data-testid="item-comments">
      {comments.data?.length === 0 && (
        <p className="text-sm text-slate-600">{t('portfolio.comments.none')}</p>
      )}
      <ul className="flex flex-col gap-2">
        {comments.data?.map((comment) => (
          <li key={comment.id} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            <p className="font-medium">
              {comment.authorName} · {formatDay(comment.createdAt, i18n.language)}
            </p>
            <p className="mt-1 whitespace-pre-line">{comment.body}</p>
          </li>
        ))}
      </ul>
      {item.meta?.abilities?.comment && (
        <Form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <TextAreaField
            {...fieldProps(errors, 'body', body, setBody)}
            label={t('portfolio.comments.write')}
            rows={3}
          />
          {errors.general.map((text) => (
            <FormMessage key={text} kind="error">
              {text}
            </FormMessage>
          ))}
          <div>
            <Button type="submit" size="sm" disabled={add.isPending}>
              {t('portfolio.comments.send')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

export function ItemCard({ item, requests }: { item: PortfolioItem; requests: FeedbackRequest[] }) {
  const { t, i18n } = useTranslation();
  const visibility = useChangeVisibility();
  const remove = useDeletePortfolioItem();
  const [asking, setAsking] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [showComments, setShowComments] = useState(false);
  const pending = requests.filter((request) => request.state === 'pending');
  const headingId = `item-${item.id}`;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="portfolio-item"
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-primary-text uppercase">
            {t(`portfolio.kind.${item.kind}`)}
          </p>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {item.title}
          </h3>
          <p className="text-sm text-slate-600">{formatDay(item.createdAt, i18n.language)}</p>
        </div>
        {item.meta?.abilities?.edit && (
          <div className="w-48">
            <LabelledSelect
              name={`visibility-${item.id}`}
              label={t('portfolio.items.visibility')}
              value={item.visibility}
              onChange={(value: Visibility) => visibility.mutate({ id: item.id, visibility: value })}
              options={(['private', 'coaches', 'public'] as const).map((value) => ({
                value,
                label: t(`portfolio.visibility.${value}`),
              }))}
            />
          </div>
        )}
      </div>
      <HtmlContent html={item.body} className="mt-3" />
      {item.url && (
        <p className="mt-3">
          <a
            href={item.url}
            className="text-primary-text underline"
            rel="noopener noreferrer"
            target="_blank"
          >
            {item.url}
          </a>
        </p>
      )}
      {item.files.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {item.files.map((file) => (
            <li key={file.id}>
              <a href={`/api/v1/files/${file.id}/content`} className="text-primary-text underline">
                {file.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      {item.competencies.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('portfolio.items.competencies')}>
          {item.competencies.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-800">
              {tag}
            </li>
          ))}
        </ul>
      )}
      {item.ratings.length > 0 && (
        <div className="mt-4 flex flex-col gap-3" data-testid="item-ratings">
          <h4 className="font-semibold text-slate-900">{t('portfolio.feedback.received')}</h4>
          {item.ratings.map((rating) => (
            <div key={rating.id} className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
              <p className="font-medium text-slate-900">
                {t('portfolio.feedback.rated_by', {
                  name: rating.raterName,
                  date: formatDay(rating.ratedAt, i18n.language),
                })}
              </p>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-800">
                {rating.scores.map((score) => (
                  <div key={score.criterion} className="contents">
                    <dt>{score.criterion}</dt>
                    <dd>{t('portfolio.feedback.score', { score: score.score })}</dd>
                  </div>
                ))}
              </dl>
              {rating.comment && <p className="mt-2 whitespace-pre-line text-slate-800">{rating.comment}</p>}
            </div>
          ))}
        </div>
      )}
      {pending.length > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          {t('portfolio.feedback.pending', { names: pending.map((request) => request.name).join(', ') })}
        </p>
      )}
      {sentTo && (
        <div className="mt-3">
          <FormMessage kind="success">{t('portfolio.feedback.sent', { email: sentTo })}</FormMessage>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {item.meta?.abilities?.askFeedback && (
          <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
            {t('portfolio.feedback.ask')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showComments}
          onClick={() => setShowComments((shown) => !shown)}
        >
          {t('portfolio.comments.toggle', { count: item.commentCount })}
        </Button>
        {item.meta?.abilities?.delete && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              if (window.confirm(t('portfolio.items.delete_confirm', { title: item.title })))
                remove.mutate(item.id);
            }}
          >
            {t('portfolio.items.delete')}
          </Button>
        )}
      </div>
      {showComments && <Comments item={item} />}
      {asking && (
        <AskFeedbackDialog
          itemId={item.id}
          itemTitle={item.title}
          onClose={() => setAsking(false)}
          onSent={(email) => {
            setAsking(false);
            setSentTo(email);
          }}
        />
      )}
    </li>
  );
}
