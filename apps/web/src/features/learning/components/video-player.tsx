/**
 * Video: YouTube and Vimeo play in their own (https) iframe; a video file plays in <video>, which
 * starts where the student stopped and records the position as they watch.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import { type ObjectProgress, useRecordProgress } from '../../../lib/resources/progress';

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

  if (learningObject.videoProvider === 'file') {
    return (
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
      />
    );
  }

  return (
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
  );
}
