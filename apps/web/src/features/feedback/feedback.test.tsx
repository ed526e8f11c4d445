import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToasts } from '../../lib/toasts/toasts';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { FeedbackModal } from './components/feedback-modal';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const projects = [
  { id: '1', name: 'Dark mode', description: 'Easier on the eyes #coach', state: 'backlog', upvotes: 3 },
  { id: '2', name: 'Bulk grading', description: 'Grade many answers #Coach', state: 'started', upvotes: 8 },
  { id: '3', name: 'Student goals', description: 'For #student only', state: 'backlog', upvotes: 1 },
];

function Toasts() {
  return (
    <span data-testid="toasts">
      {useToasts()
        .map((toast) => toast.messageKey)
        .join(',')}
    </span>
  );
}

describe('the feedback modal', () => {
  it('sends feedback with the page, entity and segments and no project, then thanks and offers a restart', async () => {
    const { calls } = mockApi(({ url }) =>
      url.pathname.endsWith('/projects') ? { body: projects } : { status: 201, body: {} },
    );
    renderWithProviders(<FeedbackModal onClose={() => {}} />, {
      me: meFixture({}, ['coach']),
      route: '/coach/dashboard',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Give feedback' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Your feedback'), 'Please add dark mode');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByText('Thank you! Your feedback has been sent.')).toBeInTheDocument();
    const note = calls.find((call) => call.url.pathname === '/api/feedback/note');
    expect(note?.body).toMatchObject({
      feedback: 'Please add dark mode',
      email: 'sam@example.test',
      project: null,
      segments: ['coach', 'Test Academy'],
    });
    expect(note?.body).not.toHaveProperty('account_id');
    expect(note?.body).not.toHaveProperty('project_id');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send more feedback' }));
    expect(within(dialog).getByLabelText('Your feedback')).toHaveValue('');
  });

  it('lists the ideas for the user’s roles, with in-development as a second tab', async () => {
    mockApi(({ url }) => (url.pathname.endsWith('/projects') ? { body: projects } : undefined));
    renderWithProviders(<FeedbackModal onClose={() => {}} />, { me: meFixture({}, ['coach']) });
    const dialog = await screen.findByRole('dialog');
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['New ideas', 'In development']);
    const ideas = within(dialog).getAllByTestId('feedback-project');
    expect(ideas.map((idea) => within(idea).getAllByRole('button')[0]?.textContent)).toEqual(['Dark mode3']);
    await userEvent.click(within(ideas[0]!).getByRole('button', { expanded: false }));
    expect(within(ideas[0]!).getByText('Easier on the eyes')).toBeInTheDocument();
  });

  async function upvoteWith(answer: { status: number; body: unknown }) {
    const { calls } = mockApi(({ url }) =>
      url.pathname.endsWith('/projects') ? { body: projects } : answer,
    );
    renderWithProviders(
      <>
        <FeedbackModal onClose={() => {}} />
        <Toasts />
      </>,
      { me: meFixture({}, ['coach']) },
    );
    const idea = (await screen.findAllByTestId('feedback-project'))[0]!;
    await userEvent.click(within(idea).getByRole('button', { expanded: false }));
    await userEvent.click(within(idea).getByRole('button', { name: 'Vote for this idea' }));
    return { idea, calls };
  }

  it('sends thoughts on an idea with the idea as the note’s project', async () => {
    const { calls } = await upvoteWith({ status: 201, body: {} });
    const idea = screen.getAllByTestId('feedback-project')[0]!;
    await userEvent.type(within(idea).getByLabelText('Your thoughts on this idea'), 'Yes, at night');
    await userEvent.click(within(idea).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/feedback/note')?.body).toMatchObject({
        feedback: 'Yes, at night',
        project: { type: 'feedback_projects', id: '1' },
      }),
    );
  });

  it('counts an upvote locally', async () => {
    const { idea, calls } = await upvoteWith({ status: 201, body: {} });
    expect(await within(idea).findByRole('button', { name: 'You voted' })).toBeDisabled();
    expect(within(idea).getByLabelText('4 votes')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/feedback/upvote')?.body).toEqual({
      email: 'sam@example.test',
      project_id: '1',
    });
  });

  it('reports ALREADY_UPVOTED in an error toast and other failures inline', async () => {
    await upvoteWith({
      status: 409,
      body: { errors: [{ status: '409', code: 'ALREADY_UPVOTED', title: 'Already' }] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('toasts')).toHaveTextContent(
        'modals.feedback.project.result.already_upvoted',
      ),
    );
  });

  it('reports other upvote failures inline', async () => {
    const { idea } = await upvoteWith({ status: 500, body: null });
    expect(await within(idea).findByRole('alert')).toHaveTextContent('Your vote could not be saved');
  });

  it('says clearly when the ideas or the sending fail', async () => {
    mockApi(() => ({ status: 503, body: null }));
    renderWithProviders(<FeedbackModal onClose={() => {}} />, { me: meFixture({}, ['admin']) });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/The ideas could not be loaded right now/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Your feedback'), 'Hello there');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(
      await within(dialog).findByText('Your feedback could not be sent right now. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('shows the no-new-ideas text when none match', async () => {
    mockApi(({ url }) => (url.pathname.endsWith('/projects') ? { body: { data: [] } } : undefined));
    renderWithProviders(<FeedbackModal onClose={() => {}} />, { me: meFixture({}, ['admin']) });
    expect(
      await screen.findByText('There are no new ideas for you to vote on at the moment.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(1);
  });
});
