import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { clearToasts, useToasts } from '../../lib/toasts/toasts';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { cleanAnswerHtml } from './components/answer-text';
import { parseGrade } from './components/review-form';
import { AnswerReviewPage } from './pages/answer-review-page';
import { ReviewQueuePage } from './pages/review-queue-page';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const coach = meFixture({}, ['coach']);

const account = (id: string, name: string) => ({ type: 'accounts', id, attributes: { full_name: name } });
const sam = account('2', 'Sam Student');
const robin = account('8', 'Robin Classmate');
const carla = account('1', 'Carla Coach');
const course = { type: 'courses', id: '4', attributes: { title: 'Safe lifting at work' } };
const assignment = {
  type: 'learning_objects',
  id: '6',
  attributes: { kind: 'assignment', title: 'Plan a safe lift' },
};
const file = {
  type: 'files',
  id: '12',
  attributes: { name: 'lift-plan.pdf', url: '/api/v1/files/12/content', byte_size: 2048 },
};

function answerResource(id: string, attributes: Record<string, unknown> = {}, members = ['2']) {
  return {
    type: 'answers',
    id,
    attributes: {
      status: 'submitted',
      text: '<p>I use a <strong>trolley</strong>.</p><script>alert(1)</script>',
      grade: null,
      feedback: null,
      submitted_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      reviewed_at: null,
      ...attributes,
    },
    relationships: {
      account: { data: { type: 'accounts', id: '2' } },
      members: { data: members.map((member) => ({ type: 'accounts', id: member })) },
      learning_object: { data: { type: 'learning_objects', id: '6' } },
      course: { data: { type: 'courses', id: '4' } },
      file: { data: attributes.file === false ? null : { type: 'files', id: '12' } },
      reviewer: { data: attributes.status === 'approved' ? { type: 'accounts', id: '1' } : null },
    },
  };
}

function Probe() {
  const location = useLocation();
  const toasts = useToasts();
  return (
    <>
      <Breadcrumbs pathname={location.pathname} search={location.search} environment="coach" />
      <span data-testid="toasts">{toasts.map((toast) => toast.messageKey ?? toast.message).join(',')}</span>
    </>
  );
}

function renderReview(route: string) {
  return renderWithProviders(
    <>
      <Probe />
      <Routes>
        <Route path="/coach/courses" element={<ReviewQueuePage />} />
        <Route path="/coach/courses/answers/:answerId" element={<AnswerReviewPage />} />
      </Routes>
    </>,
    { me: coach, route },
  );
}

const coursesList = {
  body: { data: [course, { type: 'courses', id: '5', attributes: { title: 'Fire safety' } }] },
};

describe('the review queue', () => {
  it('lists handed-in answers to review, oldest first, with student, course, assignment and date', async () => {
    const { calls } = mockApi(({ url }) => {
      if (url.pathname === '/api/v1/courses') return coursesList;
      if (url.pathname === '/api/v1/answers')
        return {
          body: {
            data: [answerResource('30', {}, ['2', '8'])],
            included: [sam, robin, course, assignment],
            meta: { total: 1, last_page: 1 },
          },
        };
      return undefined;
    });
    renderReview('/coach/courses');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Answers to review');
    const row = await screen.findByTestId('answer-row');
    expect(row).toHaveTextContent('Sam Student');
    expect(row).toHaveTextContent('with 1 classmate');
    expect(row).toHaveTextContent('Safe lifting at work');
    expect(row).toHaveTextContent('2 hours ago');
    expect(within(row).getByTestId('answer-status')).toHaveTextContent('To review');
    expect(within(row).getByRole('link', { name: 'Plan a safe lift' })).toHaveAttribute(
      'href',
      '/coach/courses/answers/30',
    );
    const request = calls.find((call) => call.url.pathname === '/api/v1/answers')!;
    expect(request.url.searchParams.get('filter[status]')).toBe('submitted');
    expect(request.url.searchParams.get('include')?.split(',').sort()).toEqual([
      'account',
      'course',
      'learning_object',
      'members',
    ]);
    expect(screen.getByTestId('answer-tab-submitted')).toHaveAttribute('aria-current', 'page');
  });

  it('filters by status tab and course, and says when nothing is left', async () => {
    const { calls } = mockApi(({ url }) => {
      if (url.pathname === '/api/v1/courses') return coursesList;
      if (url.pathname === '/api/v1/answers')
        return { body: { data: [], included: [], meta: { total: 0, last_page: 1 } } };
      return undefined;
    });
    renderReview('/coach/courses');
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('answer-tab-approved'));
    expect(screen.getByTestId('location')).toHaveTextContent('/coach/courses?status=approved');
    expect(await screen.findByText('No approved answers yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Fire safety' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Course'), 'Fire safety');
    expect(screen.getByTestId('location')).toHaveTextContent('/coach/courses?status=approved&course=5');
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.searchParams.get('filter[status]') === 'approved' &&
            call.url.searchParams.get('filter[course]') === '5',
        ),
      ).toBe(true),
    );
    expect(screen.getByText('Try another course, or show all courses.')).toBeInTheDocument();
  });

  it('pages through more than 25 answers', async () => {
    const { calls } = mockApi(({ url }) => {
      if (url.pathname === '/api/v1/courses') return coursesList;
      if (url.pathname === '/api/v1/answers')
        return {
          body: {
            data: [answerResource('30')],
            included: [sam, course, assignment],
            meta: { total: 60, last_page: 3 },
          },
        };
      return undefined;
    });
    renderReview('/coach/courses');
    await screen.findByTestId('answer-row');
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('60');
    await userEvent.click(within(screen.getByTestId('pagination')).getByRole('button', { name: /2/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/coach/courses?page=2');
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('page[number]') === '2')).toBe(true),
    );
  });
});

describe('reviewing an answer', () => {
  const answerDocument = (attributes: Record<string, unknown> = {}, members = ['2', '8']) => ({
    data: answerResource('30', attributes, members),
    included: [sam, robin, carla, course, assignment, file],
  });

  it('shows the assignment, students, cleaned text and file, and names the breadcrumb', async () => {
    const { calls } = mockApi(({ url }) =>
      url.pathname === '/api/v1/answers/30' ? { body: answerDocument() } : undefined,
    );
    renderReview('/coach/courses/answers/30');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan a safe lift' })).toBeInTheDocument();
    expect(screen.getByText('In Safe lifting at work')).toBeInTheDocument();
    expect(screen.getByTestId('answer-student')).toHaveTextContent('Sam Student');
    expect(screen.getByTestId('answer-members')).toHaveTextContent('Robin Classmate');
    const text = screen.getByTestId('answer-text');
    expect(text.querySelector('strong')).toHaveTextContent('trolley');
    expect(text.querySelector('script')).toBeNull();
    expect(screen.getByTestId('answer-file')).toHaveAttribute('href', '/api/v1/files/12/content');
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(crumbs).toHaveTextContent('Answers');
    expect(within(crumbs).getByText('Plan a safe lift')).toHaveAttribute('aria-current', 'page');
    expect(calls[0]?.url.searchParams.get('include')?.split(',').sort()).toEqual([
      'account',
      'course',
      'file',
      'learning_object',
      'members',
      'reviewer',
    ]);
  });

  it('asks for an outcome and a valid grade, then saves, says so and returns to the queue', async () => {
    const { calls } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/answers/30' && method === 'PATCH')
        return { body: { data: answerResource('30', { status: 'approved', grade: 90 }) } };
      if (url.pathname === '/api/v1/answers/30') return { body: answerDocument() };
      if (url.pathname === '/api/v1/courses') return coursesList;
      if (url.pathname === '/api/v1/answers')
        return { body: { data: [], included: [], meta: { total: 0, last_page: 1 } } };
      return undefined;
    });
    renderReview('/coach/courses/answers/30');
    await userEvent.click(await screen.findByRole('button', { name: 'Save review' }));
    expect(screen.getByText('Choose an outcome.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Approve/ }));
    await userEvent.type(screen.getByLabelText('Grade (0–100, optional)'), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(screen.getByLabelText('Grade (0–100, optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Grade (0–100, optional)'));
    await userEvent.type(screen.getByLabelText('Grade (0–100, optional)'), '90');
    await userEvent.type(screen.getByLabelText('Feedback'), '  Clear plan.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/coach\/courses$/));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      outcome: 'approved',
      grade: 90,
      feedback: 'Clear plan.',
    });
    expect(screen.getByTestId('toasts')).toHaveTextContent('review.review.saved');
  });

  it('shows 422 errors at their fields and a 409 clearly, then the current verdict', async () => {
    let attempt = 0;
    mockApi(({ method, url }) => {
      if (url.pathname !== '/api/v1/answers/30') return undefined;
      if (method === 'PATCH') {
        attempt += 1;
        return attempt === 1
          ? {
              status: 422,
              body: {
                errors: [
                  {
                    status: '422',
                    title: 'Invalid',
                    detail: 'Too long.',
                    source: { pointer: '/feedback' },
                  },
                ],
              },
            }
          : {
              status: 409,
              body: { errors: [{ status: '409', code: 'ANSWER_NOT_SUBMITTED', title: 'Nothing to review' }] },
            };
      }
      return {
        body: answerDocument(
          attempt < 2
            ? {}
            : { status: 'approved', grade: 70, feedback: 'Fine.', reviewed_at: new Date().toISOString() },
        ),
      };
    });
    renderReview('/coach/courses/answers/30');
    await userEvent.click(await screen.findByRole('radio', { name: /Request a revision/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Feedback')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText(/can no longer be reviewed/)).toBeInTheDocument();
    expect(await screen.findByTestId('review-result')).toHaveTextContent('Grade: 70/100');
    expect(screen.getByTestId('location')).toHaveTextContent('/coach/courses/answers/30');
  });

  it('shows the outcome, grade, feedback and reviewer of a reviewed answer, without the form', async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/v1/answers/30'
        ? {
            body: answerDocument(
              {
                status: 'approved',
                grade: 85,
                feedback: 'Clear plan.',
                reviewed_at: new Date().toISOString(),
                file: false,
              },
              ['2'],
            ),
          }
        : undefined,
    );
    renderReview('/coach/courses/answers/30');
    const result = await screen.findByTestId('review-result');
    expect(within(result).getByTestId('answer-status')).toHaveTextContent('Approved');
    expect(result).toHaveTextContent('Grade: 85/100');
    expect(result).toHaveTextContent('Clear plan.');
    expect(result).toHaveTextContent('Reviewed by Carla Coach');
    expect(screen.queryByTestId('review-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('answer-members')).not.toBeInTheDocument();
    expect(screen.queryByTestId('answer-file')).not.toBeInTheDocument();
  });

  it('answers an unknown address with not found', async () => {
    mockApi(() => undefined);
    renderReview('/coach/courses/answers/30');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });
});

describe('review helpers', () => {
  it('reads grades as whole numbers from 0 to 100, or none', () => {
    expect(parseGrade('')).toBeNull();
    expect(parseGrade(' 0 ')).toBe(0);
    expect(parseGrade('100')).toBe(100);
    expect(parseGrade('101')).toBe('invalid');
    expect(parseGrade('7.5')).toBe('invalid');
    expect(parseGrade('-1')).toBe('invalid');
  });

  it('cleans answer text of scripts, frames, handlers and javascript: links', () => {
    const clean = cleanAnswerHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">a</a></p><iframe src="https://x"></iframe><script>1</script>',
    );
    expect(clean).not.toMatch(/onclick|javascript:|iframe|script/);
    expect(clean).toContain('Hi');
  });
});
