import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, portalFixture, renderWithProviders } from '../../test/render';
import { OutlineEditor } from './components/outline-editor';
import { QuizImport } from './components/quiz-import';
import type { Course } from '../../lib/resources/courses';
import { moveObject, stepObject, type OutlineSection } from './outline';
import { CourseListPage } from './pages/course-list-page';
import { CourseForm } from './components/course-form';
import { fieldFromPointer } from '../../components/form/server-errors';
import { lineErrorsFrom } from './server-errors';
import { ApiError } from '../../lib/api/client';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const admin = meFixture({}, ['admin']);
const object = (id: string, title: string) => ({
  id,
  type: 'learning_objects',
  kind: 'page' as const,
  title,
  position: 1,
  required: true,
});
const outline = (): OutlineSection[] => [
  { id: 's1', title: 'One', objects: [object('a', 'A'), object('b', 'B')] },
  { id: 's2', title: 'Two', objects: [object('c', 'C')] },
];
const ids = (sections: OutlineSection[]) => sections.map((section) => section.objects.map((item) => item.id));

describe('outline moves', () => {
  it('move objects within and across sections, one step at a time', () => {
    expect(ids(moveObject(outline(), 'a', 's1', 2))).toEqual([['b', 'a'], ['c']]);
    expect(ids(moveObject(outline(), 'c', 's1', 0))).toEqual([['c', 'a', 'b'], []]);
    expect(ids(stepObject(outline(), 'b', 1) ?? [])).toEqual([['a'], ['b', 'c']]);
    expect(ids(stepObject(outline(), 'c', -1) ?? [])).toEqual([['a', 'b', 'c'], []]);
    expect(stepObject(outline(), 'a', -1)).toBeNull();
  });
});

describe('server errors', () => {
  it('map pointers onto fields and import errors onto lines', () => {
    expect(fieldFromPointer('/data/attributes/video_url')).toBe('videoUrl');
    expect(fieldFromPointer('/settings/pass_mark')).toBe('settings.passMark');
    expect(fieldFromPointer('/content_labels/2')).toBe('contentLabels');
    expect(fieldFromPointer('/data/relationships/catalog_category/data')).toBe('catalogCategory');
    expect(fieldFromPointer('/data/relationships/primary_coach/data/id')).toBe('primaryCoach');
    expect(fieldFromPointer('/data/relationships/content_labels/data/1/id')).toBe('contentLabels');
    expect(fieldFromPointer('/student/type')).toBe('student');
    const error = new ApiError(422, [
      {
        status: '422',
        title: 'Invalid',
        detail: 'Bad answer',
        source: { pointer: '/lines/3' },
        meta: { line: 3 },
      },
    ]);
    expect(lineErrorsFrom(error)).toEqual([{ line: 3, item: null, detail: 'Bad answer' }]);
  });
});

const courseFixture: Course = {
  id: '7',
  type: 'courses',
  title: 'Spreadsheets',
  status: 'draft',
  courseSections: [
    {
      id: '1',
      type: 'course_sections',
      title: 'One',
      position: 1,
      learningObjects: [object('10', 'Intro'), object('11', 'Cells')],
    },
    { id: '2', type: 'course_sections', title: 'Two', position: 2, learningObjects: [] },
  ],
};

describe('the outline editor', () => {
  it('moves an object into the next section by keyboard, announces it and saves the order', async () => {
    const api = mockApi(({ method, url }) => {
      if (method === 'PATCH' && url.pathname === '/api/v1/courses/7/outline') return { body: { data: null } };
      return undefined;
    });
    renderWithProviders(<OutlineEditor course={courseFixture} />, { me: admin });
    const handle = screen.getByRole('button', { name: 'Move “Cells”' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown', altKey: true });
    expect(screen.getByTestId('outline-announcement')).toHaveTextContent(
      '“Cells” moved to position 1 in section “Two”.',
    );
    const sections = screen.getAllByTestId('outline-section');
    expect(within(sections[1]!).getByText('Cells')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      sections: [
        { id: '1', learning_object_ids: ['10'] },
        { id: '2', learning_object_ids: ['11'] },
      ],
    });
  });
});

describe('two quick moves', () => {
  it('are saved one after the other, the second with the order after both', async () => {
    const sent: unknown[] = [];
    let answerFirst: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        // The first save is slow: the second must wait for it, not overtake it.
        if (sent.length === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
        return new Response(JSON.stringify({ data: null }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithProviders(<OutlineEditor course={courseFixture} />, { me: admin });
    const cells = screen.getByRole('button', { name: 'Move “Cells”' });
    cells.focus();
    fireEvent.keyDown(cells, { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(sent).toHaveLength(1));
    const intro = screen.getByRole('button', { name: 'Move “Intro”' });
    intro.focus();
    fireEvent.keyDown(intro, { key: 'ArrowDown', altKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    act(() => answerFirst());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      sections: [
        { id: '1', learning_object_ids: [] },
        { id: '2', learning_object_ids: ['10', '11'] },
      ],
    });
  });
});

describe('the quiz import', () => {
  it('reports each refused line and imports nothing', async () => {
    mockApi(({ method }) =>
      method === 'POST'
        ? {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  code: 'INVALID_LINE',
                  title: 'Invalid line',
                  detail: 'Essay questions are not supported.',
                  source: { pointer: '/lines/3' },
                  meta: { line: 3 },
                },
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<QuizImport objectId="5" />, { me: admin });
    await userEvent.type(screen.getByLabelText('Questions to import'), '::Q:: Essay {{}');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByTestId('import-line-errors');
    expect(report).toHaveTextContent('Nothing was imported: 1 line needs fixing.');
    expect(report).toHaveTextContent('Line 3: Essay questions are not supported.');
  });

  it('sends QTI, reports refused items by name, and lists the skipped ones', async () => {
    let refuse = true;
    const api = mockApi(({ method }) => {
      if (method !== 'POST') return undefined;
      if (refuse)
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                code: 'INVALID_ITEM',
                title: 'Item ppe',
                detail: 'The correct response "helmet" is not one of the choices.',
                source: { pointer: '/items/ppe' },
                meta: { item: 'ppe', file: 'items/ppe.xml', line: 3 },
              },
            ],
          },
        };
      return {
        status: 200,
        body: {
          meta: {
            valid: 1,
            imported: 0,
            skipped: [
              {
                item: 'exit-map',
                file: 'hotspot.xml',
                reason: 'hotspotInteraction is not a question type this quiz has.',
              },
            ],
          },
        },
      };
    });
    renderWithProviders(<QuizImport objectId="5" />, { me: admin });
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'QTI 2.1 or 3.0');
    await userEvent.click(screen.getByLabelText('Questions to import'));
    await userEvent.paste('<assessmentItem identifier="ppe"/>');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByTestId('import-line-errors');
    expect(report).toHaveTextContent('Nothing was imported: 1 item needs fixing.');
    expect(report).toHaveTextContent('Item ppe: The correct response "helmet" is not one of the choices.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ format: 'qti' });

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const skipped = await screen.findByTestId('import-skipped');
    expect(skipped).toHaveTextContent('1 item was skipped:');
    expect(skipped).toHaveTextContent(
      'Item exit-map: hotspotInteraction is not a question type this quiz has.',
    );
    expect(screen.getByRole('link', { name: 'Download as QTI 3.0' })).toHaveAttribute(
      'href',
      '/api/v1/learning_objects/5/qti',
    );
  });
});

describe('the course list', () => {
  it('searches after 350 ms and keeps the search in the view settings', async () => {
    const api = mockApi(({ method, url }) => {
      if (url.pathname.endsWith('/preferences')) {
        return method === 'GET' ? { body: { data: [] } } : { body: { data: null } };
      }
      if (url.pathname === '/api/v1/courses') {
        return {
          body: {
            data: [
              {
                type: 'courses',
                id: '1',
                attributes: {
                  title: 'First aid',
                  status: 'published',
                  learning_objects_count: 4,
                  updated_at: '2026-01-02T00:00:00Z',
                },
              },
            ],
            meta: { total: 1, last_page: 1 },
          },
        };
      }
      if (url.pathname === '/api/v1/content_labels' || url.pathname === '/api/v1/catalog_categories')
        return { body: { data: [] } };
      return undefined;
    });
    renderWithProviders(<CourseListPage />, { me: admin, portal: portalFixture, route: '/admin/courses' });
    expect(await screen.findByRole('link', { name: 'First aid' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: 'aid' } });
    const searched = () => api.calls.filter((call) => call.url.searchParams.get('filter[search]') === 'aid');
    expect(searched()).toHaveLength(0);
    await waitFor(() => expect(searched()).toHaveLength(1), { timeout: 2000 });
    await waitFor(
      () => {
        const saved = api.calls.find((call) => call.method === 'POST');
        expect(saved?.body).toMatchObject({ property: 'view-settings' });
        expect(
          JSON.parse((saved?.body as { payload: string }).payload).views['admin-courses'].searchQuery,
        ).toBe('aid');
      },
      { timeout: 2000 },
    );
    await act(async () => undefined);
  });
});

describe('the course form', () => {
  it('writes category, labels and cover as relationships and shows the refusals at their fields', async () => {
    const api = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/catalog_categories')
        return { body: { data: [{ type: 'catalog_categories', id: '4', attributes: { name: 'Safety' } }] } };
      if (url.pathname === '/api/v1/content_labels')
        return {
          body: {
            data: [
              { type: 'content_labels', id: '8', attributes: { name: 'Mandatory', color: null } },
              { type: 'content_labels', id: '9', attributes: { name: 'New', color: null } },
            ],
          },
        };
      if (method === 'PATCH' && url.pathname === '/api/v1/courses/7')
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                code: 'VALIDATION_FAILED',
                title: 'Invalid attribute',
                detail: 'No such catalog category.',
                source: { pointer: '/catalog_category' },
              },
              {
                status: '422',
                code: 'VALIDATION_FAILED',
                title: 'Invalid attribute',
                detail: 'No such content label.',
                source: { pointer: '/content_labels/1' },
              },
            ],
          },
        };
      return undefined;
    });
    const course: Course = {
      ...courseFixture,
      catalogCategory: null,
      contentLabels: [{ id: '8', type: 'content_labels', name: 'Mandatory', color: null }],
    };
    renderWithProviders(<CourseForm course={course} onSaved={() => undefined} />, {
      me: admin,
      portal: portalFixture,
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'New' }));
    await screen.findByRole('option', { name: 'Safety' });
    await userEvent.selectOptions(screen.getByLabelText('Catalog category'), '4');
    await userEvent.click(screen.getByTestId('save-course'));

    const patch = await waitFor(() => {
      const call = api.calls.find((candidate) => candidate.method === 'PATCH');
      expect(call).toBeDefined();
      return call!;
    });
    expect(patch.body).toMatchObject({
      catalog_category: { type: 'catalog_categories', id: '4' },
      content_labels: [
        { type: 'content_labels', id: '8' },
        { type: 'content_labels', id: '9' },
      ],
      cover_file: null,
    });
    expect(patch.body).not.toHaveProperty('catalog_category_id');
    expect(patch.body).not.toHaveProperty('content_label_ids');
    // Each refusal sits at its own field, not above the form.
    await waitFor(() =>
      expect(screen.getByLabelText('Catalog category')).toHaveAccessibleDescription(
        expect.stringContaining('No such catalog category.'),
      ),
    );
    expect(screen.getByText('No such content label.')).toHaveAttribute('id', 'course-labels-error');
  });
});
