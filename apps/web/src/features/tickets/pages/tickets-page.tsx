import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock } from '../../../components/error-block';
import { controlClasses, SearchInput } from '../../../components/form/fields';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { PersonRow } from '../../../components/person-row';
import { formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { TICKET_STATES, ticketsQuery, type Ticket } from '../../../lib/resources/tickets';
import { usePageTitle } from '../../../lib/use-page-title';
import { TicketStateBadge } from '../components/ticket-state-badge';
import { AskCoachForm } from '../../../components/ask-coach-form';

const PAGE_SIZE = 20;

/** /coach/tickets (the coach's students' questions) and /account/tickets (the student's own). */
export function TicketsPage({ side }: { side: 'coach' | 'student' }) {
  useNamespace('tickets');
  const { t, i18n } = useTranslation();
  usePageTitle(t(`tickets.${side}_title`));
  const [state, setState] = useState(side === 'coach' ? 'open' : '');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const tickets = useQuery(ticketsQuery({ state, search, page, size: PAGE_SIZE }));
  const base = side === 'coach' ? '/coach/tickets' : '/account/tickets';

  const details = (ticket: Ticket) => (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-slate-900">{ticket.subject}</span>
      <TicketStateBadge state={ticket.state} />
      {ticket.learningObject?.title && <span>{ticket.learningObject.title}</span>}
      <span>{formatRelativeDate(ticket.updatedAt, i18n.language)}</span>
    </span>
  );

  return (
    <div data-page={`${side}_tickets`}>
      <PageHeader
        title={t(`tickets.${side}_title`)}
        description={t(`tickets.${side}_description`)}
        actions={
          side === 'student' && !asking ? (
            <Button type="button" onClick={() => setAsking(true)}>
              {t('tickets.ask_coach')}
            </Button>
          ) : undefined
        }
      />
      {asking && (
        <section
          className="mb-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6"
          aria-label={t('tickets.ask_coach')}
        >
          <AskCoachForm onDone={() => setAsking(false)} />
        </section>
      )}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('tickets.filter_state')}
          <select
            className={controlClasses}
            value={state}
            onChange={(event) => {
              setState(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('tickets.state.all')}</option>
            {TICKET_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`tickets.state.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <SearchInput
          aria-label={t('tickets.search')}
          placeholder={t('tickets.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {tickets.isPending ? (
        <Loading />
      ) : tickets.isError ? (
        <ErrorBlock asPage={false} onRetry={() => void tickets.refetch()} />
      ) : tickets.data.items.length === 0 ? (
        <EmptyState title={t('tickets.empty_title')} description={t(`tickets.${side}_empty`)} />
      ) : (
        <>
          {side === 'coach' ? (
            <ul
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
              data-testid="ticket-list"
            >
              {tickets.data.items.map((ticket) => (
                <PersonRow
                  key={ticket.id}
                  name={ticket.student?.fullName ?? t('tickets.unknown_student')}
                  avatarUrl={ticket.student?.avatarUrl ?? null}
                  details={details(ticket)}
                  href={`${base}/${ticket.id}`}
                />
              ))}
            </ul>
          ) : (
            <ul
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
              data-testid="ticket-list"
            >
              {tickets.data.items.map((ticket) => (
                <li key={ticket.id} className="px-4 py-3">
                  <Link to={`${base}/${ticket.id}`} className="text-sm text-slate-700 hover:underline">
                    {details(ticket)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            total={tickets.data.total}
            page={page}
            size={PAGE_SIZE}
            onChange={(next) => setPage(next)}
          />
        </>
      )}
    </div>
  );
}
