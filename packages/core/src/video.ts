/** Video learning objects: which addresses we embed, and how (YouTube, Vimeo, direct .mp4/.webm). */

export type VideoProvider = 'youtube' | 'vimeo' | 'file';

export interface VideoEmbed {
  provider: VideoProvider;
  /** Address for an iframe (youtube, vimeo) or a <video> element (file). Always https. */
  embedUrl: string;
}

/** Hosts whose players may be framed; the server's HTML sanitiser allows iframes from these only. */
export const VIDEO_EMBED_HOSTS = ['www.youtube-nocookie.com', 'player.vimeo.com'] as const;

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_FILE = /\.(mp4|webm)$/i;

/** The WHATWG URL every browser and Node provide; core has no DOM or Node types, so it names what it uses. */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  username: string;
  password: string;
  searchParams: { get(name: string): string | null };
  toString(): string;
}
const UrlConstructor = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

function parseUrl(raw: string): ParsedUrl | null {
  try {
    const url = new UrlConstructor(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** '90', '90s', '1m30s', '1h2m3s' → seconds; anything else → null. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === '') return null;
  const [, hours, minutes, seconds] = match;
  const total = Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
  return total > 0 ? total : null;
}

function youtubeId(url: ParsedUrl): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === 'youtu.be') id = segments[0] ?? null;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments.length === 0 && url.searchParams.get('v')) id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoEmbed(url: ParsedUrl): string | null {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (host === 'player.vimeo.com') {
    if (segments[0] !== 'video') return null;
    id = segments[1];
  } else {
    const index = segments.findIndex((segment) => /^\d+$/.test(segment));
    if (index === -1) return null;
    id = segments[index];
    // Unlisted videos: vimeo.com/123456/abcdef12
    const next = segments[index + 1];
    if (!hash && next && /^[0-9a-f]{6,20}$/i.test(next)) hash = next;
  }
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  return `https://player.vimeo.com/video/${id}${hash && /^[0-9a-f]{6,20}$/i.test(hash) ? `?h=${hash}` : ''}`;
}

/**
 * The embeddable form of a video address, or null when we do not embed it. YouTube plays from
 * youtube-nocookie.com (with a start time when the address has one), Vimeo from its player, and
 * direct .mp4/.webm files must be https.
 */
export function videoEmbed(raw: string | null | undefined): VideoEmbed | null {
  if (!raw || raw.length > 2000) return null;
  const url = parseUrl(raw);
  if (!url) return null;
  const id = youtubeId(url);
  if (id) {
    const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return {
      provider: 'youtube',
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`,
    };
  }
  const vimeo = vimeoEmbed(url);
  if (vimeo) return { provider: 'vimeo', embedUrl: vimeo };
  if (url.protocol === 'https:' && VIDEO_FILE.test(url.pathname) && !url.username && !url.password) {
    return { provider: 'file', embedUrl: url.toString() };
  }
  return null;
}
