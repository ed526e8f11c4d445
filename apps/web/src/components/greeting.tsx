import { useTranslation } from '../lib/i18n/i18n';
import { dayPeriod } from '@leerpad/core';

/** "Good morning, Anna" by the day periods of SPEC §9. */
export function Greeting({ name, intro }: { name?: string | null; intro?: string }) {
  const { t } = useTranslation();
  const firstName = name?.trim().split(/\s+/)[0] ?? '';
  return (
    <header className="mb-8">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {t(`greeting.${dayPeriod()}`, { name: firstName })}
      </h1>
      {intro && <p className="mt-1 text-slate-600">{intro}</p>}
    </header>
  );
}
