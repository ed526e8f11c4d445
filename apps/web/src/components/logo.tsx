/** The portal's logo, or the default mark with the portal's name (SPEC §2 "Header"). */
export function Logo({ logoUrl, portalName }: { logoUrl?: string | null; portalName: string }) {
  if (logoUrl) {
    return <img src={logoUrl} alt={portalName} className="h-8 w-auto max-w-40 object-contain" />;
  }
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--portal-primary)" />
        <path d="M9 8h4v12h10v4H9z" fill="var(--portal-primary-contrast)" />
      </svg>
      <span className="truncate text-base font-semibold tracking-tight text-slate-900">{portalName}</span>
    </span>
  );
}
