import { BookIcon } from '../../../components/icons-ui';

/** A course's cover image, or a calm pattern in the portal colour when it has none. */
export function CourseCover({ url, className = '' }: { url?: string | null; className?: string }) {
  if (url) {
    return <img src={url} alt="" loading="lazy" className={`h-full w-full object-cover ${className}`} />;
  }
  return (
    <div
      aria-hidden="true"
      className={`flex h-full w-full items-center justify-center bg-gradient-to-br from-primary-soft via-white to-primary-muted text-primary-text ${className}`}
    >
      <BookIcon size={36} />
    </div>
  );
}
