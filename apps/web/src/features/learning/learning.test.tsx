import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../components/modal-host';
import { Toaster } from '../../components/toaster';
import { clearToasts } from '../../lib/toasts/toasts';
import { getModalState, closeAllModals } from '../../lib/modals/modals';
import { usePaymentRequired } from '../../lib/payment-required';
import { createQueryClient } from '../../lib/query-client';
import { loadEnglish, meFixture, mockApi, portalFixture, renderWithProviders } from '../../test/render';
import { readDraft } from './answer-drafts';
import { AssignmentPlayer } from './components/assignment-player';
import { COURSE_VIDEO_FRAMES, cleanHtml } from '../../components/html-content';
import { QuizPlayer } from './components/quiz-player';
import { CatalogPage } from './pages/catalog-page';
import { CourseDetailPage } from './pages/course-detail-page';
import { CoursePlayerPage } from './pages/course-player-page';
import { MyCoursesPage } from './pages/my-courses-page';

beforeAll(loadEnglish);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  closeAllModals();
  clearToasts();
});

const course = (id: number, title: string, extra: Record<string, unknown> = {}, enrollmentId?: string) => ({
  type: 'courses',
  id: String(id),
  attributes: {
    title,
    summary: `${title} summary`,
    description: '<p>About it</p><script>alert(1)</script>',
    cover_image_url: null,
    estimated_minutes: 90,
    learning_objects_count: 3,
    ...extra,
  },
  relationships: {
    catalog_category: { data: { type: 'catalog_categories', id: '1' } },
    content_labels: { data: [{ type: 'content_labels', id: '5' }] },
    enrollment: { data: enrollmentId ? { type: 'enrollments', id: enrollmentId } : null },
  },
});

const category = { type: 'catalog_categories', id: '1', attributes: { name: 'Safety' } };
const label = { type: 'content_labels', id: '5', attributes: { name: 'New', color: '#7c3aed' } };

const outlineObject = (id: number, kind: string, title: string) => ({
  type: 'learning_objects',
  id: String(id),
  attributes: { kind, title, position: id, required: true, estimated_minutes: 5 },
  relationships: { course_section: { data: { type: 'course_sections', id: '1' } } },
});

const enrollment = (extra: Record<string, unknown> = {}, lastId = '2') => ({
  type: 'enrollments',
  id: '9',
  attributes: { status: 'active', progress: 50, required_count: 2, completed_count: 1, ...extra },
  relationships: {
    course: { data: { type: 'courses', id: '1' } },
    last_learning_object: { data: { type: 'learning_objects', id: lastId } },
  },
});

/** A course with one section (page 1, quiz 2); enrolled when asked. */
function courseDocument(enrolled: boolean) {
  const sample = course(1, 'Safe lifting', {}, enrolled ? '9' : undefined);
  return {
    data: {
      ...sample,
      relationships: {
        ...sample.relationships,
        course_sections: { data: [{ type: 'course_sections', id: '1' }] },
      },
    },
    included: [
      category,
      label,
      {
        type: 'course_sections',
        id: '1',
        attributes: { title: 'Basics', position: 1 },
        relationships: {
          learning_objects: {
            data: [
              { type: 'learning_objects', id: '1' },
              { type: 'learning_objects', id: '2' },
            ],
          },
        },
      },
      outlineObject(1, 'page', 'Why it matters'),
      outlineObject(2, 'quiz', 'Check yourself'),
      ...(enrolled
        ? [
            enrollment(),
            {
              type: 'learning_object_progress',
              id: '30',
              attributes: { status: 'completed', completed: true },
              relationships: { learning_object: { data: { type: 'learning_objects', id: '1' } } },
            },
          ]
        : []),
    ],
  };
}

function PaymentProbe() {
  return <span data-testid="payment">{String(usePaymentRequired())}</span>;
}

describe('the catalog', () => {
  it('shows cards, writes the search to the address after 350 ms and filters by category and label', async () => {
    const { calls } = mockApi(({ url }) => {
      if (url.pathname === '/api/v1/catalog_categories') return { body: { data: [category] } };
      if (url.pathname === '/api/v1/content_labels') return { body: { data: [label] } };
      if (url.pathname === '/api/v1/courses')
        return {
          body: {
            data: [course(1, 'First aid basics'), course(2, 'Fire safety', {}, '9')],
            included: [category, label, enrollment({ progress: 40 })],
            meta: { total: 2, last_page: 1 },
          },
        };
      return undefined;
    });
    renderWithProviders(<CatalogPage />, { me: meFixture(), route: '/catalog' });
    expect(await screen.findByRole('link', { name: 'First aid basics' })).toHaveAttribute(
      'href',
      '/catalog/1',
    );
    expect(screen.getByText('2 courses')).toBeInTheDocument();
    const fireCard = screen.getAllByTestId('course-card')[1]!;
    expect(within(fireCard).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(fireCard).getByText('Enrolled')).toBeInTheDocument();
    expect(within(fireCard).getByText('1 h 30 min')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search courses'), 'fire');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/catalog$/);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/catalog?q=fire'), {
      timeout: 1500,
    });
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('filter[search]') === 'fire')).toBe(true),
    );
    // One request for the finished word, none for each letter.
    expect(calls.filter((call) => call.url.searchParams.get('filter[search]') === 'f')).toHaveLength(0);

    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Safety');
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      const last = calls.at(-1)!.url.searchParams;
      expect(last.get('filter[category]')).toBe('1');
      expect(last.get('filter[label]')).toBe('5');
      expect(last.get('include')).toBe('catalog_category,content_labels,enrollment');
    });
  });

  it('leaves out the category filter when the catalog-categories feature is off', async () => {
    const { calls } = mockApi(({ url }) => {
      if (url.pathname === '/api/v1/content_labels') return { body: { data: [] } };
      if (url.pathname === '/api/v1/courses') return { body: { data: [], meta: { total: 0 } } };
      return undefined;
    });
    renderWithProviders(<CatalogPage />, {
      me: meFixture({ features: ['portfolio_feature'] }),
      route: '/catalog?category=1&q=zzz',
    });
    expect(await screen.findByText('No courses match your search')).toBeInTheDocument();
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/v1/catalog_categories')).toBe(false);
    expect(
      calls.find((call) => call.url.pathname === '/api/v1/courses')?.url.searchParams.has('filter[category]'),
    ).toBe(false);
  });
});

describe('the course detail', () => {
  it('shows the outline and enrols; a 402 shows the payment screen', async () => {
    const client = createQueryClient();
    mockApi(({ method, url }) => {
      if (method === 'POST' && url.pathname === '/api/v1/courses/1/enrollments')
        return {
          status: 402,
          body: { errors: [{ status: '402', code: 'PAYMENT_REQUIRED', title: 'Payment required' }] },
        };
      if (url.pathname === '/api/v1/courses/1') return { body: courseDocument(false) };
      return undefined;
    });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/catalog/:courseId" element={<CourseDetailPage />} />
        </Routes>
        <PaymentProbe />
      </>,
      { me: meFixture(), route: '/catalog/1', client },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Safe lifting' })).toBeInTheDocument();
    expect(screen.getByText('Why it matters')).toBeInTheDocument();
    expect(screen.getByText('Quiz · 5 min')).toBeInTheDocument();
    // The description is cleaned once more: no script survives.
    expect(document.querySelector('script')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    await waitFor(() => expect(screen.getByTestId('payment')).toHaveTextContent('true'));
  });
});

describe('the course player', () => {
  it('shows a student who is not enrolled the course detail with Enrol', async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/v1/courses/1' ? { body: courseDocument(false) } : undefined,
    );
    renderWithProviders(
      <Routes>
        <Route path="/courses/:courseId" element={<CoursePlayerPage />} />
      </Routes>,
      { me: meFixture(), route: '/courses/1' },
    );
    expect(await screen.findByRole('button', { name: 'Enrol' })).toBeInTheDocument();
  });

  it('resumes at the last object, records "I am here", shows progress per object and marks a page complete', async () => {
    let progressPercent = 50;
    const { calls } = mockApi(({ method, url, body }) => {
      if (url.pathname === '/api/v1/courses/1') return { body: courseDocument(true) };
      if (method === 'PUT' && url.pathname.endsWith('/progress')) {
        const id = url.pathname.split('/')[4]!;
        // An empty body keeps the state (the page was completed before).
        const completed = (body as { completed?: boolean }).completed ?? id === '1';
        if (completed) progressPercent = 100;
        return {
          body: {
            data: {
              type: 'learning_object_progress',
              id: `p${id}`,
              attributes: { status: completed ? 'completed' : 'in_progress', completed },
              relationships: {
                learning_object: { data: { type: 'learning_objects', id } },
                enrollment: { data: { type: 'enrollments', id: '9' } },
              },
            },
            included: [
              enrollment({ progress: progressPercent, status: completed ? 'completed' : 'active' }, id),
            ],
          },
        };
      }
      if (url.pathname === '/api/v1/learning_objects/2/quiz_attempts')
        return {
          body: { data: [], meta: { attempts_limit: 3, attempts_used: 0, attempts_left: 3, pass_mark: 70 } },
        };
      if (url.pathname.startsWith('/api/v1/learning_objects/')) {
        const id = url.pathname.split('/')[4]!;
        return {
          body: {
            data: {
              ...outlineObject(
                Number(id),
                id === '1' ? 'page' : 'quiz',
                id === '1' ? 'Why it matters' : 'Check yourself',
              ),
              attributes: {
                ...outlineObject(1, id === '1' ? 'page' : 'quiz', '').attributes,
                title: id === '1' ? 'Why it matters' : 'Check yourself',
                body: `<p>Body of ${id}</p>`,
              },
              meta: { abilities: { complete: true, report_issue: true } },
            },
          },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/courses/:courseId" element={<CoursePlayerPage />} />
      </Routes>,
      { me: meFixture(), route: '/courses/1' },
    );
    // The enrolment's last object (the quiz) opens.
    expect(await screen.findByRole('heading', { level: 2, name: 'Check yourself' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.url.pathname).toBe(
        '/api/v1/learning_objects/2/progress',
      ),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({});
    const outline = screen.getByTestId('course-outline');
    expect(within(outline).getByRole('link', { name: /Why it matters/ })).toHaveAttribute(
      'data-status',
      'completed',
    );
    expect(await screen.findByText('Start quiz')).toBeInTheDocument();
    expect(screen.getByTestId('course-progress')).toHaveTextContent('50% complete');

    await userEvent.click(screen.getByRole('link', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Why it matters' })).toHaveFocus();
    expect(await screen.findByText('Body of 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as not complete' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ completed: false }));
  });
});

describe('refusals in the course player', () => {
  const renderPlayer = (route: string) =>
    renderWithProviders(
      <>
        <Routes>
          <Route path="/courses/:courseId" element={<CoursePlayerPage />} />
        </Routes>
        <Toaster />
      </>,
      { me: meFixture(), route },
    );
  const answer = (learningObject: { status: number; body: unknown }) =>
    mockApi(({ url }) => {
      if (url.pathname === '/api/v1/courses/1') return { body: courseDocument(true) };
      if (url.pathname === '/api/v1/learning_objects/2') return learningObject;
      if (url.pathname === '/api/v1/learning_objects/2/quiz_attempts')
        return { body: { data: [], meta: { attempts_used: 0 } } };
      if (url.pathname.endsWith('/progress')) return { status: 204 };
      return undefined;
    });
  const quiz = {
    status: 200,
    body: { data: { ...outlineObject(2, 'quiz', 'Check yourself'), meta: { abilities: {} } } },
  };

  it('says in a toast that a linked learning object is gone, and resumes instead', async () => {
    answer(quiz);
    renderPlayer('/courses/1?learning_object=99');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This item no longer exists or was never there.',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Check yourself' })).toBeInTheDocument();
  });

  it('says in a toast that the student is not enrolled when a learning object is refused', async () => {
    answer({
      status: 403,
      body: { errors: [{ status: '403', code: 'NOT_ENROLLED', title: 'Forbidden', detail: 'Enrol first.' }] },
    });
    renderPlayer('/courses/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not enrolled in this course.');
  });

  it('says in a toast that a course is not there', async () => {
    mockApi(() => undefined);
    renderPlayer('/courses/404');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This item no longer exists or was never there.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('a quiz', () => {
  const attempt = (status: 'in_progress' | 'submitted') => ({
    type: 'quiz_attempts',
    id: '7',
    attributes: {
      status,
      questions: [
        {
          id: '1',
          type: 'single_choice',
          prompt: 'Lift how?',
          points: 1,
          options: [
            { id: 'a', text: 'Bent knees' },
            { id: 'b', text: 'Straight legs' },
          ],
        },
        { id: '2', type: 'open_answer', prompt: 'Max kg?', points: 1, options: [] },
      ],
      responses:
        status === 'submitted'
          ? [
              { question_id: '1', option_ids: ['b'] },
              { question_id: '2', text: '25' },
            ]
          : [],
      results:
        status === 'submitted'
          ? [
              {
                question_id: '1',
                correct: false,
                points_awarded: 0,
                points: 1,
                correct_option_ids: ['a'],
                feedback: ['Your back takes the strain.'],
              },
              {
                question_id: '2',
                correct: true,
                points_awarded: 1,
                points: 1,
                accepted_answers: ['25'],
                feedback: [],
              },
            ]
          : null,
      score: status === 'submitted' ? 1 : null,
      max_score: 2,
      percent: status === 'submitted' ? 50 : null,
      passed: status === 'submitted' ? false : null,
    },
  });

  it('saves answers as they are given, submits and shows the score, feedback and attempts left', async () => {
    let submitted = false;
    const { calls } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/learning_objects/4/quiz_attempts' && method === 'GET')
        return {
          body: {
            data: [attempt(submitted ? 'submitted' : 'in_progress')],
            meta: {
              attempts_limit: 3,
              attempts_used: submitted ? 1 : 0,
              attempts_left: submitted ? 2 : 3,
              pass_mark: 70,
              best_percent: submitted ? 50 : null,
              passed: false,
            },
          },
        };
      if (url.pathname === '/api/v1/quiz_attempts/7' && method === 'PATCH') {
        return { body: { data: attempt('in_progress') } };
      }
      if (url.pathname.startsWith('/api/v1/quiz_attempts/7/answers/') && method === 'PUT') {
        const question = url.pathname.split('/').at(-1);
        return {
          body: {
            data: {
              type: 'quiz_attempt_answers',
              id: `7-${question}`,
              attributes: {
                question_id: question,
                option_ids: [],
                text: null,
                saved_at: '2026-12-03T10:00:00Z',
              },
            },
          },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <QuizPlayer
        courseId="1"
        learningObject={{ id: '4', kind: 'quiz', title: 'Quiz', position: 1, required: true }}
      />,
      { me: meFixture() },
    );
    await userEvent.click(await screen.findByLabelText('Bent knees'));
    await waitFor(() => expect(screen.getByTestId('quiz-save-status')).toHaveTextContent('Answers saved'));
    // One small save per answer, to the question's own address.
    const saves = () =>
      calls.filter((call) => call.method === 'PUT').map((call) => [call.url.pathname, call.body]);
    expect(saves()[0]).toEqual(['/api/v1/quiz_attempts/7/answers/1', { option_ids: ['a'], text: null }]);
    await userEvent.type(screen.getByRole('textbox'), '25');
    await waitFor(() =>
      expect(saves().at(-1)).toEqual(['/api/v1/quiz_attempts/7/answers/2', { option_ids: [], text: '25' }]),
    );
    submitted = true;
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() =>
      expect(calls.some((call) => (call.body as { submit?: boolean } | undefined)?.submit === true)).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Not passed yet')).toBeInTheDocument();
    // Focus moves from the submit button to the result heading, not to <body>.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Not passed yet' })),
    );
    expect(screen.getByText('You scored 50% (1 of 2 points).')).toBeInTheDocument();
    expect(screen.getByText('Your back takes the strain.')).toBeInTheDocument();
    expect(screen.getByText('Correct answer: Bent knees')).toBeInTheDocument();
    expect(within(screen.getByTestId('quiz-summary')).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New attempt' })).toBeInTheDocument();
  });
});

describe('a quiz with a time limit', () => {
  it("counts down to the server's deadline", async () => {
    mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/learning_objects/4/quiz_attempts' && method === 'GET')
        return {
          body: {
            data: [
              {
                type: 'quiz_attempts',
                id: '8',
                attributes: {
                  status: 'in_progress',
                  questions: [{ id: '1', type: 'open_answer', prompt: 'How heavy?', points: 1, options: [] }],
                  responses: [],
                  results: null,
                  deadline_at: new Date(Date.now() + 5 * 60_000).toISOString(),
                },
              },
            ],
            meta: {
              attempts_limit: null,
              attempts_used: 0,
              attempts_left: null,
              pass_mark: 70,
              passed: false,
            },
          },
        };
      return undefined;
    });
    renderWithProviders(
      <QuizPlayer
        courseId="1"
        learningObject={{ id: '4', kind: 'quiz', title: 'Quiz', position: 1, required: true }}
      />,
      { me: meFixture() },
    );
    expect(await screen.findByTestId('quiz-time-left')).toHaveTextContent(/^[45]:\d\d left$/);
  });
});

describe('an assignment', () => {
  const assignment = {
    id: '6',
    kind: 'assignment' as const,
    position: 1,
    required: true,
    title: 'Plan a lift',
    settings: { answerType: 'text' as const },
  };

  it('autosaves the draft after a pause, keeps it locally when saving fails, and retries', async () => {
    let failing = true;
    const { calls } = mockApi(({ method, url, body }) => {
      if (url.pathname !== '/api/v1/learning_objects/6/answer') return undefined;
      if (method === 'GET') return { body: { data: null } };
      if (failing) return { status: 503, body: { errors: [{ status: '503', title: 'Unavailable' }] } };
      return {
        body: {
          data: {
            type: 'answers',
            id: '3',
            attributes: {
              status: 'draft',
              text: (body as { text: string }).text,
              updated_at: new Date().toISOString(),
            },
          },
        },
      };
    });
    renderWithProviders(<AssignmentPlayer learningObject={assignment} />, { me: meFixture() });
    const editor = await screen.findByRole('textbox', { name: 'Your answer' });
    editor.innerHTML = '<p>With a trolley</p>';
    fireEvent.input(editor);
    expect(screen.getByTestId('answer-save-status')).toHaveTextContent('Unsaved changes');
    expect(readDraft('2', '6')).toMatchObject({ text: '<p>With a trolley</p>', synced: false });
    await waitFor(() => expect(screen.getByTestId('answer-save-status')).toHaveTextContent('Not saved'), {
      timeout: 3000,
    });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('answer-save-status')).toHaveTextContent('Saved'));
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      text: '<p>With a trolley</p>',
    });
    expect(readDraft('2', '6')?.synced).toBe(true);
  });

  it('restores a draft the server never got, and shows 422 errors at the field on submit', async () => {
    window.localStorage.setItem(
      'leerpad:answer-draft:2:6',
      JSON.stringify({ text: '<p>Kept locally</p>', synced: false, savedAt: '' }),
    );
    const { calls } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/learning_objects/6/answer' && method === 'GET')
        return {
          body: { data: { type: 'answers', id: '3', attributes: { status: 'draft', text: '<p>Old</p>' } } },
        };
      if (url.pathname === '/api/v1/learning_objects/6/answer' && method === 'PUT')
        return {
          body: {
            data: { type: 'answers', id: '3', attributes: { status: 'draft', text: '<p>Kept locally</p>' } },
          },
        };
      if (url.pathname === '/api/v1/learning_objects/6/answer/submit')
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                title: 'Required',
                detail: 'Write your answer first.',
                source: { pointer: '/text' },
              },
            ],
          },
        };
      return undefined;
    });
    renderWithProviders(<AssignmentPlayer learningObject={assignment} />, { me: meFixture() });
    const editor = await screen.findByRole('textbox', { name: 'Your answer' });
    expect(editor).toHaveTextContent('Kept locally');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ text: '<p>Kept locally</p>' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Write your answer first.')).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the grade and feedback of a reviewed answer', async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/v1/learning_objects/6/answer'
        ? {
            body: {
              data: {
                type: 'answers',
                id: '3',
                attributes: { status: 'approved', text: '<p>Done</p>', grade: 85, feedback: 'Clear plan.' },
              },
            },
          }
        : undefined,
    );
    renderWithProviders(<AssignmentPlayer learningObject={assignment} />, { me: meFixture() });
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Grade: 85/100')).toBeInTheDocument();
    expect(screen.getByText('Clear plan.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('a group assignment', () => {
  const groupAssignment = {
    id: '6',
    kind: 'assignment' as const,
    position: 1,
    required: true,
    title: 'Plan a lift together',
    settings: { answerType: 'text' as const, groupSubmission: true },
    course: { id: '1' },
  };
  const withGroups = meFixture({ features: [...(portalFixture.features ?? []), 'group_assignments'] });
  const person = (id: string, name: string) => ({ type: 'accounts', id, attributes: { full_name: name } });

  it('lets the author pick enrolled classmates, saves them with the answer and shows a refusal', async () => {
    let refuse = false;
    const { calls } = mockApi(({ method, url, body }) => {
      if (url.pathname === '/api/v1/courses/1/classmates')
        return {
          body: {
            data: [person('8', 'Robin Classmate'), person('9', 'Alex Other')],
            meta: { total: 2, last_page: 1 },
          },
        };
      if (url.pathname !== '/api/v1/learning_objects/6/answer') return undefined;
      if (method === 'GET') return { body: { data: null } };
      const ids = (body as { member_ids?: string[] }).member_ids ?? [];
      if (refuse && ids.includes('9'))
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                title: 'Invalid',
                detail: 'This student already has an answer for this assignment.',
                source: { pointer: `/member_ids/${ids.indexOf('9')}` },
              },
            ],
          },
        };
      return {
        body: {
          data: {
            type: 'answers',
            id: '3',
            attributes: {
              status: 'draft',
              text: '',
              updated_at: new Date().toISOString(),
              // Chosen classmates are invited; they become members once they accept.
              invitations: ids.map((id) => ({ account_id: id, state: 'invited' })),
            },
            relationships: {
              account: { data: { type: 'accounts', id: '2' } },
              members: { data: [{ type: 'accounts', id: '2' }] },
            },
          },
        },
      };
    });
    renderWithProviders(<AssignmentPlayer learningObject={groupAssignment} />, { me: withGroups });
    const picker = await screen.findByTestId('group-members');
    expect(within(picker).getByText('You hand in alone so far.')).toBeInTheDocument();
    await userEvent.click(await within(picker).findByRole('checkbox', { name: 'Robin Classmate' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ text: '', member_ids: ['8'] }),
    );
    expect(within(screen.getByTestId('group-chosen')).getByText('Robin Classmate')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('answer-save-status')).toHaveTextContent('Saved'));
    expect(within(screen.getByTestId('group-chosen')).getByTestId('group-member-state')).toHaveTextContent(
      'invited',
    );

    refuse = true;
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Alex Other' }));
    expect(
      await within(picker).findByText('Alex Other: This student already has an answer for this assignment.'),
    ).toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: 'Alex Other' })).not.toBeChecked();
    expect(within(picker).getByRole('checkbox', { name: 'Robin Classmate' })).toBeChecked();

    // Removing a member saves the smaller group.
    await userEvent.click(
      within(picker).getByRole('button', { name: 'Remove Robin Classmate from the group' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ member_ids: [] }),
    );
    expect(within(picker).getByText('You hand in alone so far.')).toBeInTheDocument();
  });

  it('searches classmates by name and says when nobody matches', async () => {
    const { calls } = mockApi(({ url }) => {
      if (url.pathname === '/api/v1/courses/1/classmates')
        return {
          body: {
            data: url.searchParams.get('filter[search]') ? [] : [person('8', 'Robin Classmate')],
            meta: { total: 1, last_page: 1 },
          },
        };
      if (url.pathname === '/api/v1/learning_objects/6/answer') return { body: { data: null } };
      return undefined;
    });
    renderWithProviders(<AssignmentPlayer learningObject={groupAssignment} />, { me: withGroups });
    await screen.findByRole('checkbox', { name: 'Robin Classmate' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a classmate' }), 'zed');
    expect(
      await screen.findByText('No classmate matches “zed”.', undefined, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url.searchParams.get('filter[search]') === 'zed')).toBe(true);
  });

  it('offers no group without the group_assignments feature', async () => {
    const { calls } = mockApi(({ url }) =>
      url.pathname === '/api/v1/learning_objects/6/answer' ? { body: { data: null } } : undefined,
    );
    renderWithProviders(<AssignmentPlayer learningObject={groupAssignment} />, { me: meFixture() });
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
    expect(screen.queryByTestId('group-members')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.endsWith('/classmates'))).toBe(false);
  });

  it('shows the author which classmates accepted, are invited or declined', async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/v1/courses/1/classmates')
        return { body: { data: [], meta: { total: 0, last_page: 1 } } };
      if (url.pathname !== '/api/v1/learning_objects/6/answer') return undefined;
      return {
        body: {
          data: {
            type: 'answers',
            id: '3',
            attributes: {
              status: 'draft',
              text: '<p>Our plan</p>',
              invitations: [
                { account_id: '8', state: 'invited' },
                { account_id: '7', state: 'declined' },
              ],
            },
            relationships: {
              account: { data: { type: 'accounts', id: '2' } },
              members: {
                data: [
                  { type: 'accounts', id: '2' },
                  { type: 'accounts', id: '9' },
                ],
              },
            },
          },
          included: [
            person('2', 'Sam Student'),
            person('9', 'Kim Accepted'),
            person('8', 'Robin Invited'),
            person('7', 'Alex Declined'),
          ],
        },
      };
    });
    renderWithProviders(<AssignmentPlayer learningObject={groupAssignment} />, { me: withGroups });
    const chosen = await screen.findByTestId('group-chosen');
    const states = within(chosen)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(states).toEqual(['Kim Acceptedaccepted', 'Robin Invitedinvited', 'Alex Declineddeclined']);
  });

  it('lets an invited classmate accept the invitation, after which the answer is theirs', async () => {
    let accepted = false;
    const sharedAnswer = {
      type: 'answers',
      id: '3',
      attributes: { status: 'draft', text: '<p>Our plan</p>', invitations: [] },
      relationships: {
        account: { data: { type: 'accounts', id: '9' } },
        members: {
          data: [
            { type: 'accounts', id: '9' },
            { type: 'accounts', id: '2' },
          ],
        },
      },
    };
    const { calls } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/learning_objects/6/answer')
        return {
          body: accepted
            ? { data: sharedAnswer, included: [person('9', 'Kim Author'), person('2', 'Sam Student')] }
            : { data: null },
        };
      if (url.pathname === '/api/v1/learning_objects/6/answer/invitations')
        return {
          body: {
            data: accepted
              ? []
              : [
                  {
                    ...sharedAnswer,
                    attributes: {
                      ...sharedAnswer.attributes,
                      invitations: [{ account_id: '2', state: 'invited' }],
                    },
                    relationships: {
                      ...sharedAnswer.relationships,
                      members: { data: [{ type: 'accounts', id: '9' }] },
                    },
                  },
                ],
            included: [person('9', 'Kim Author')],
            meta: { total: accepted ? 0 : 1, last_page: 1 },
          },
        };
      if (method === 'POST' && url.pathname === '/api/v1/answers/3/invitation') {
        accepted = true;
        return { body: { data: sharedAnswer } };
      }
      return undefined;
    });
    renderWithProviders(<AssignmentPlayer learningObject={groupAssignment} />, { me: withGroups });
    const invitation = await screen.findByTestId('group-invitations');
    expect(invitation).toHaveTextContent('Kim Author invited you to hand in this assignment together.');
    await userEvent.click(within(invitation).getByRole('button', { name: 'Accept' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'accept' });
    expect(await screen.findByTestId('group-summary')).toHaveTextContent(
      'Kim Author hands this answer in for your group, together with you.',
    );
    expect(screen.queryByTestId('group-invitations')).not.toBeInTheDocument();
  });

  it('lets an invited classmate decline, after which they answer alone', async () => {
    let declined = false;
    const { calls } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/learning_objects/6/answer') return { body: { data: null } };
      if (url.pathname === '/api/v1/courses/1/classmates')
        return { body: { data: [], meta: { total: 0, last_page: 1 } } };
      if (url.pathname === '/api/v1/learning_objects/6/answer/invitations')
        return {
          body: {
            data: declined
              ? []
              : [
                  {
                    type: 'answers',
                    id: '3',
                    attributes: { status: 'draft', text: '', invitations: [] },
                    relationships: { account: { data: { type: 'accounts', id: '9' } } },
                  },
                ],
            included: [person('9', 'Kim Author')],
            meta: { total: declined ? 0 : 1, last_page: 1 },
          },
        };
      if (method === 'POST' && url.pathname === '/api/v1/answers/3/invitation') {
        declined = true;
        return { body: { data: { type: 'answers', id: '3', attributes: { status: 'draft' } } } };
      }
      return undefined;
    });
    renderWithProviders(<AssignmentPlayer learningObject={groupAssignment} />, { me: withGroups });
    const invitation = await screen.findByTestId('group-invitations');
    await userEvent.click(within(invitation).getByRole('button', { name: 'Decline' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'decline' });
    await waitFor(() => expect(screen.queryByTestId('group-invitations')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
  });

  it("shows a member the author's shared answer, read-only", async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/v1/learning_objects/6/answer'
        ? {
            body: {
              data: {
                type: 'answers',
                id: '3',
                attributes: { status: 'draft', text: '<p>Our plan</p>' },
                relationships: {
                  account: { data: { type: 'accounts', id: '9' } },
                  members: {
                    data: [
                      { type: 'accounts', id: '2' },
                      { type: 'accounts', id: '9' },
                      { type: 'accounts', id: '8' },
                    ],
                  },
                },
              },
              included: [
                person('2', 'Sam Student'),
                person('9', 'Kim Author'),
                person('8', 'Robin Classmate'),
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<AssignmentPlayer learningObject={groupAssignment} />, { me: withGroups });
    const summary = await screen.findByTestId('group-summary');
    expect(summary).toHaveTextContent(
      'Kim Author hands this answer in for your group, together with you, Robin Classmate.',
    );
    expect(summary).toHaveTextContent('Only the author of a group answer changes it');
    expect(screen.getByText('Our plan')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('group-members')).not.toBeInTheDocument();
  });
});

describe('reporting a content issue', () => {
  it('validates, shows server errors at the field, and thanks the student', async () => {
    let attempt = 0;
    const { calls } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/courses/1') return { body: courseDocument(true) };
      if (method === 'PUT') return { body: { data: null } };
      if (url.pathname === '/api/v1/learning_objects/2/quiz_attempts')
        return { body: { data: [], meta: {} } };
      if (url.pathname === '/api/v1/learning_objects/2/content_issues') {
        attempt++;
        return attempt === 1
          ? {
              status: 422,
              body: {
                errors: [
                  { status: '422', detail: 'Tell us a little more.', source: { pointer: '/description' } },
                ],
              },
            }
          : {
              status: 201,
              body: { data: { type: 'content_issues', id: '1', attributes: { status: 'open' } } },
            };
      }
      if (url.pathname === '/api/v1/learning_objects/2')
        return {
          body: {
            data: {
              ...outlineObject(2, 'quiz', 'Check yourself'),
              meta: { abilities: { report_issue: true } },
            },
          },
        };
      return undefined;
    });
    renderWithProviders(
      <>
        <Routes>
          <Route path="/courses/:courseId" element={<CoursePlayerPage />} />
        </Routes>
        <ModalHost />
      </>,
      { me: meFixture(), route: '/courses/1?learning_object=2' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Report an issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report an issue' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    // The empty dropdown asks to select an option (SPEC §5), the empty text is required.
    expect(within(dialog).getByText('Please select an option.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(1);
    await userEvent.selectOptions(within(dialog).getByLabelText('What kind of issue?'), 'typo');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Typo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Tell us a little more.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(getModalState().current).toBeNull());
    const post = calls.filter((call) => call.method === 'POST').at(-1);
    expect(post?.body).toEqual({ category: 'typo', description: 'Typo' });
  });
});

describe('my courses', () => {
  it('lists enrolments with progress and a resume link, and an empty state linking to the catalog', async () => {
    let empty = false;
    mockApi(({ url }) => {
      if (url.pathname !== '/api/v1/enrollments') return undefined;
      if (empty) return { body: { data: [], meta: { total: 0 } } };
      return {
        body: {
          data: [enrollment({ progress: 50 })],
          included: [course(1, 'Safe lifting'), outlineObject(2, 'quiz', 'Check yourself')],
          meta: { total: 1, last_page: 1 },
        },
      };
    });
    const { unmount } = renderWithProviders(<MyCoursesPage />, { me: meFixture(), route: '/courses' });
    const card = await screen.findByTestId('enrollment-card');
    expect(within(card).getByRole('progressbar', { name: 'Progress in Safe lifting' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(card).getByText('In progress', { selector: 'span' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Resume Safe lifting' })).toHaveAttribute(
      'href',
      '/courses/1?learning_object=2',
    );
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    unmount();
    empty = true;
    renderWithProviders(<MyCoursesPage />, { me: meFixture(), route: '/courses' });
    expect(await screen.findByText('You are not enrolled in any course yet')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('empty-state')).getByRole('link', { name: 'Browse the catalog' }),
    ).toHaveAttribute('href', '/catalog');
  });
});

describe('course text', () => {
  it('drops scripts, event handlers and javascript: links, and keeps video frames from known players', () => {
    const html = cleanHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">link</a></p><script>bad()</script>' +
        '<iframe src="https://evil.example/"></iframe><iframe src="https://player.vimeo.com/video/1"></iframe>',
      { frames: COURSE_VIDEO_FRAMES },
    );
    expect(html).toBe('<p>Hi <a>link</a></p><iframe src="https://player.vimeo.com/video/1"></iframe>');
  });
});
