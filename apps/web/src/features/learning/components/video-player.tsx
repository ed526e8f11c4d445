/**
 * Video: YouTube and Vimeo play in their own (https) iframe; a video file plays in <video>, which
 * starts where the student stopped and records the position as they watch. Below the player a
 * plain link leads to the video itself, so a host that cannot be reached (or a file that fails to
 * load) never leaves only a broken frame.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import type { ObjectProgress } from '../../../lib/resources/courses';
import { useRecordProgress } from '../../../lib/resources/progress';

/** How often, while playing, the position is written back. */
const POSITION_SAVE_INTERVAL_S = 15;

export function VideoPlayer({
  courseId,
  learningObject,
  progress,
}: {
  courseId: string;
  learningObject: LearningObject;
  progress: ObjectProgress | undefined;
}) {
  const { t } = useTranslation();
  const { mutate: record } = useRecordProgress(courseId);
  const lastSaved = useRef(progress?.lastPosition ?? 0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const embedUrl = learningObject.embedUrl;
  const [failed, setFailed] = useState(false);
  const source = learningObject.videoUrl || embedUrl;

  const savePosition = () => {
    const position = Math.floor(videoRef.current?.currentTime ?? 0);
    if (position === lastSaved.current) return;
    lastSaved.current = position;
    record({ learningObjectId: learningObject.id, lastPosition: position });
  };
  const saveRef = useRef(savePosition);
  saveRef.current = savePosition;
  // Leaving the object keeps the place too.
  useEffect(() => () => saveRef.current(), []);

  if (!embedUrl) return <p className="text-slate-600">{t('learning.video.unavailable')}</p>;

  const link = source ? <VideoLink url={source} failed={failed} /> : null;

  if (learningObject.videoProvider === 'file') {
    if (failed) return link;
    return (
      <div className="flex flex-col gap-2">
        <video
          ref={videoRef}
          controls
          preload="metadata"
          src={embedUrl}
          className="aspect-video w-full rounded-xl bg-black"
          aria-label={learningObject.title}
          data-testid="video-file"
          onLoadedMetadata={(event) => {
            const start = progress?.lastPosition ?? 0;
            if (start > 0 && start < event.currentTarget.duration) event.currentTarget.currentTime = start;
          }}
          onTimeUpdate={(event) => {
            if (Math.abs(event.currentTarget.currentTime - lastSaved.current) >= POSITION_SAVE_INTERVAL_S)
              savePosition();
          }}
          onPause={savePosition}
          onEnded={savePosition}
          onError={() => setFailed(true)}
        />
        {link}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        <iframe
          src={embedUrl}
          title={t('learning.video.frame_title', { title: learningObject.title })}
          className="h-full w-full"
          allow="fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="video-embed"
        />
      </div>
      {link}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url, window.location.href).hostname || url;
  } catch {
    return url;
  }
}

/** The plain way to the video: a link with its host named, and a notice when loading failed. */
function VideoLink({ url, failed }: { url: string; failed: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="text-sm text-slate-700" data-testid="video-link">
      {failed && (
        <p role="alert" className="mb-1 font-medium text-red-800">
          {t('learning.video.failed')}
        </p>
      )}
      <a href={url} target="_blank" rel="noreferrer noopener" className="text-primary underline">
        {t('learning.video.open_link', { host: hostOf(url) })}
      </a>
    </div>
  );
}
