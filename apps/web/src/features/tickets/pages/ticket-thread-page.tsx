import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorBlock } from '../../../components/error-block';
import { GeneralErrors, TextAreaField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import {
  ticketMessagesQuery,
  ticketQuery,
  useChangeTicketState,
  usePostTicketMessage,
} from '../../../lib/resources/tickets';
import { usePageTitle } from '../../../lib/use-page-title';
import { TicketStateBadge } from '../components/ticket-state-badge';
import { Form } from '../../../components/form/form';

/** One ticket's thread, with a reply form and close / reopen. */
export function TicketThreadPage({ side }: { side: 'coach' | 'student' }) {
  useNamespace('tickets');
  const { t, i18n } = useTranslation();
  const { ticketId = '' } = useParams();
  const ticket = useQuery(ticketQuery(ticketId));
  const messages = useQuery(ticketMessagesQuery(ticketId));
  const post = usePostTicketMessage(ticketId);
  const change = useChangeTicketState(ticketId);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  usePageTitle(ticket.data?.subject ?? t('tickets.thread_title'));

  if (ticket.isPending) return <Loading />;
  if (ticket.isError) return <ErrorBlock kind="not_found" />;
  const current = ticket.data;
  const abilities = current.meta?.abilities ?? {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    post.mutate(
      { body },
      {
        onSuccess: () => setBody(''),
        onError: (error) => setErrors(formErrorsFrom(error, ['body'], t('tickets.reply_failed'))),
      },
    );
  };

  return (
    <div data-page={`${side}_ticket`}>
      <p className="mb-2 text-sm">
        <Link
          to={side === 'coach' ? '/coach/tickets' : '/account/tickets'}
          className="text-primary-text hover:underline"
        >
          {t('tickets.back')}
        </Link>
      </p>
      <PageHeader
        title={current.subject}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <TicketStateBadge state={current.state} />
            {side === 'coach' && current.student?.fullName && <span>{current.student.fullName}</span>}
            {current.learningObject?.title && (
              <span>
                {t('tickets.about')} {current.learningObject.title}
              </span>
            )}
          </span>
        }
        actions={
          <>
            {abilities.close && (
              <Button variant="secondary" onClick={() => change.mutate('closed')} disabled={change.isPending}>
                {t('tickets.close')}
              </Button>
            )}
            {abilities.reopen && (
              <Button variant="secondary" onClick={() => change.mutate('open')} disabled={change.isPending}>
                {t('tickets.reopen')}
              </Button>
            )}
          </>
        }
      />
      <ol
        className="mb-6 flex max-w-3xl flex-col gap-3"
        data-testid="ticket-thread"
        aria-label={t('tickets.thread_title')}
      >
        {(messages.data ?? []).map((message) => (
          <li key={message.id} className="rounded-2xl border border-slate-200 bg-white p-4">
            <p className="mb-1 text-xs text-slate-600">
              <span className="font-semibold text-slate-900">{message.author?.fullName}</span>{' '}
              {formatDateTime(message.createdAt, i18n.language)}
            </p>
            <p className="text-sm whitespace-pre-wrap text-slate-800">{message.body}</p>
          </li>
        ))}
      </ol>
      {abilities.reply && (
        <Form onSubmit={submit} className="flex max-w-3xl flex-col gap-3" noValidate>
          <TextAreaField label={t('tickets.reply')} {...fieldProps(errors, 'body', body, setBody)} rows={4} />
          <GeneralErrors messages={errors.general} />
          <div>
            <Button type="submit" disabled={post.isPending}>
              {t('tickets.send_reply')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
