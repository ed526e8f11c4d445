/**
 * The global pin list in the main menu (SPEC §3 "View settings": a global list of pins; "Navigation
 * pins": uri, title, image). Each pin links to its page, with its picture and an unpin button; the
 * page on screen can be pinned or unpinned from here.
 */
import { Link, useLocation } from 'react-router';
import { CloseIcon } from '../../../components/icons';
import { PinImage } from '../../../components/pinned-list';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useCurrentPagePin } from '../../../lib/page-pin';
import { useGlobalPins } from '../../../lib/use-view-settings';

/** The document title without the portal's name ("Page · Portal"). */
const pageTitle = () => document.title.split(' · ')[0] ?? document.title;

export function MenuPins() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { loaded, pins, isPinned, toggle } = useGlobalPins();
  const page = useCurrentPagePin();
  if (!loaded) return null;
  const here = isPinned(pathname);
  const pinHere = () =>
    toggle({
      uri: pathname,
      title: page?.title ?? pageTitle(),
      ...(page?.image && { image: page.image }),
    });

  return (
    <section aria-labelledby="menu-pins" className="flex flex-col gap-1 px-3" data-testid="menu-pins">
      <h2 id="menu-pins" className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t('menu.pins.title')}
      </h2>
      {pins.length > 0 && (
        <ul className="flex flex-col gap-0.5">
          {pins.map((pin) => (
            <li key={pin.uri} className="flex items-center gap-1" data-testid="menu-pin">
              <Link
                to={pin.uri}
                aria-current={pin.uri === pathname ? 'page' : undefined}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                <PinImage pin={pin} />
                <span className="truncate">{pin.title ?? pin.uri}</span>
              </Link>
              <button
                type="button"
                onClick={() => toggle(pin)}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                aria-label={t('menu.pins.unpin', { title: pin.title ?? pin.uri })}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={pinHere}
        aria-pressed={here}
        className="mx-0 rounded-lg px-3 py-1.5 text-left text-sm text-primary-text hover:bg-slate-100"
        data-testid="pin-this-page"
      >
        {here ? t('menu.pins.unpin_page') : t('menu.pins.pin_page')}
      </button>
    </section>
  );
}
