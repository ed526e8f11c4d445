import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish, mockApi, renderWithProviders } from '../../../test/render';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import { VideoPlayer } from './video-player';

beforeAll(loadEnglish);

const video = (overrides: Partial<LearningObject>) =>
  ({
    id: '3',
    kind: 'video',
    position: 1,
    required: true,
    title: 'Lifting in practice',
    ...overrides,
  }) as LearningObject;

describe('a video', () => {
  it('offers a plain link to the video beside the frame of its host', () => {
    mockApi(() => undefined);
    renderWithProviders(
      <VideoPlayer
        courseId="1"
        progress={undefined}
        learningObject={video({
          videoProvider: 'youtube',
          videoUrl: 'https://www.youtube.com/watch?v=abc',
          embedUrl: 'https://www.youtube-nocookie.com/embed/abc',
        })}
      />,
    );
    expect(screen.getByTestId('video-embed')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Does the video not play? Open it at www.youtube.com.' });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abc');
  });

  it('replaces a video file that cannot load by a notice and the link', () => {
    mockApi(() => undefined);
    renderWithProviders(
      <VideoPlayer
        courseId="1"
        progress={undefined}
        learningObject={video({
          videoProvider: 'file',
          videoUrl: 'https://media.example.com/lift.mp4',
          embedUrl: 'https://media.example.com/lift.mp4',
        })}
      />,
    );
    fireEvent.error(screen.getByTestId('video-file'));
    expect(screen.queryByTestId('video-file')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This video cannot be loaded.');
    expect(screen.getByRole('link', { name: /media\.example\.com/ })).toBeInTheDocument();
  });
});
