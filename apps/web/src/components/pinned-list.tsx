import type { Pin } from '@leerpad/core';
import { Link } from 'react-router';
import { CloseIcon } from './icons';

/** A pin's picture: its image (an account's avatar, a course's cover), else its first letter. */
export function PinImage({ pin }: { pin: Pin }) {
  if (pin.image)
    return (
      <img
        src={pin.image}
        alt=""
        className="size-6 shrink-0 rounded-full object-cover"
        data-testid="pin-image"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary-text"
    >
      {(pin.title ?? '?').trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** The pinned records of a list's view settings, each a link with a button that unpins it. */
export function PinnedList({
  headingId,
  heading,
  pins,
  unpinLabel,
  onUnpin,
}: {
  headingId: string;
  heading: string;
  pins: Pin[];
  unpinLabel: (pin: Pin) => string;
  onUnpin: (pin: Pin) => void;
}) {
  if (pins.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-slate-700">
        {heading}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {pins.map((pin) => (
          <li
            key={pin.uri}
            className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white py-1 pr-1 pl-1 text-sm shadow-sm"
          >
            <PinImage pin={pin} />
            <Link to={pin.uri} className="font-medium text-slate-900 hover:underline">
              {pin.title ?? pin.uri}
            </Link>
            <button
              type="button"
              onClick={() => onUnpin(pin)}
              className="inline-flex size-6 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label={unpinLabel(pin)}
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
