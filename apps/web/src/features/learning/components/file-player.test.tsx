import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, mockApi, renderWithProviders } from '../../../test/render';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import { FilePlayer } from './file-player';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

function narrowScreen(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const checklist = {
  id: '4',
  kind: 'file',
  position: 2,
  required: true,
  title: 'Checklist',
  file: {
    id: '1',
    name: 'checklist.pdf',
    contentType: 'application/pdf',
    byteSize: 2048,
    url: '/api/v1/files/1/content',
  },
} as LearningObject;

describe('a PDF file', () => {
  it('shows its preview at once on a wide screen', () => {
    narrowScreen(false);
    mockApi(() => undefined);
    renderWithProviders(<FilePlayer learningObject={checklist} />);
    expect(screen.getByTitle('Preview of checklist.pdf')).toHaveAttribute('src', '/api/v1/files/1/content');
    expect(screen.queryByRole('button', { name: 'Show preview' })).not.toBeInTheDocument();
  });

  it('loads its preview on a phone only when asked, and hides it again', async () => {
    narrowScreen(true);
    mockApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<FilePlayer learningObject={checklist} />);
    expect(screen.queryByTitle('Preview of checklist.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open checklist.pdf in a new tab' })).toBeInTheDocument();

    const show = screen.getByRole('button', { name: 'Show preview' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const preview = screen.getByTitle('Preview of checklist.pdf');
    const hide = screen.getByRole('button', { name: 'Hide preview' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveAttribute('aria-controls', preview.id);
    expect(hide).toHaveFocus();

    await user.click(hide);
    expect(screen.queryByTitle('Preview of checklist.pdf')).not.toBeInTheDocument();
  });
});
