import { describe, expect, it } from 'vitest';
import { videoEmbed } from './video';

describe('videoEmbed', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'http://youtube.com/watch?v=dQw4w9WgXcQ&list=x',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ?t=90',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
    [
      'https://vimeo.com/76979871/abcdef1234',
      'vimeo',
      'https://player.vimeo.com/video/76979871?h=abcdef1234',
    ],
    ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
    ['https://cdn.example.org/media/intro.mp4', 'file', 'https://cdn.example.org/media/intro.mp4'],
    [
      'https://cdn.example.org/media/intro.WEBM?sig=1',
      'file',
      'https://cdn.example.org/media/intro.WEBM?sig=1',
    ],
  ])('%s → %s %s', (url, provider, embedUrl) => {
    expect(videoEmbed(url)).toEqual({ provider, embedUrl });
  });

  it.each([
    'http://cdn.example.org/intro.mp4',
    'https://cdn.example.org/intro.avi',
    'https://example.org/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/abc',
    'https://vimeo.com/about',
    'javascript:alert(1)//.mp4',
    'data:video/mp4;base64,AAAA',
    'ftp://example.org/a.mp4',
    'https://user:pass@example.org/a.mp4',
    'not a url',
    '',
    null,
    undefined,
  ])('refuses %s', (url) => {
    expect(videoEmbed(url)).toBeNull();
  });
});
