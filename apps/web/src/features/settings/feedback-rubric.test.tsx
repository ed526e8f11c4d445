import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish, mockApi, renderWithProviders } from '../../test/render';
import { FeedbackRubricPage } from './pages/feedback-rubric-page';

beforeAll(loadEnglish);

const rubric = {
  data: {
    type: 'portfolio_rubrics',
    id: '1',
    attributes: {
      criteria: [{ names: { nl: 'Kwaliteit', en: 'Quality' } }, { names: { nl: 'Houding', en: 'Attitude' } }],
      languages: ['nl', 'en'],
      customised: false,
    },
  },
};

describe('the feedback rubric page', () => {
  it('reorders, adds and saves criteria, and puts a refusal on the name it is about', async () => {
    const { calls } = mockApi(({ method }) =>
      method === 'GET'
        ? { body: rubric }
        : {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  code: 'REQUIRED',
                  title: 'Invalid attribute',
                  detail: 'Name the criterion in each language of the portal.',
                  source: { pointer: '/criteria/2/names/en' },
                },
              ],
            },
          },
    );
    renderWithProviders(<FeedbackRubricPage />, { route: '/admin/settings/feedback-rubric' });
    const rows = await screen.findAllByTestId('rubric-criterion');
    expect(rows).toHaveLength(2);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Move criterion 2 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a criterion' }));
    const added = screen.getAllByTestId('rubric-criterion')[2]!;
    await userEvent.type(within(added).getAllByRole('textbox')[0]!, 'Veiligheid');
    await userEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    const put = await waitFor(() => {
      const sent = calls.find((call) => call.method === 'PUT');
      expect(sent).toBeDefined();
      return sent!;
    });
    expect(put.body).toEqual({
      criteria: [
        { names: { nl: 'Houding', en: 'Attitude' } },
        { names: { nl: 'Kwaliteit', en: 'Quality' } },
        { names: { nl: 'Veiligheid', en: '' } },
      ],
    });
    // The refusal arrives after the request: wait for it to mark the field.
    await waitFor(() => {
      const english = within(screen.getAllByTestId('rubric-criterion')[2]!).getAllByRole('textbox')[1]!;
      expect(english).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
