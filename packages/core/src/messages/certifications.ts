import type { MessageCatalog } from './catalog';

/** Notifications about certifications, certificates, portfolios and feedback. */
export const CERTIFICATION_MESSAGES = {
  certificate_awarded: {
    en: 'You earned the certificate "{name}". Congratulations!',
    nl: 'Je hebt het certificaat "{name}" behaald. Gefeliciteerd!',
    ro: 'Ai obținut certificatul „{name}”. Felicitări!',
  },
  certificate_revoked: {
    en: 'Your certificate "{name}" was revoked: {reason}',
    nl: 'Je certificaat "{name}" is ingetrokken: {reason}',
    ro: 'Certificatul tău „{name}” a fost revocat: {reason}',
  },
  certificate_expiring: {
    en: 'Your certificate "{name}" expires on {date}. Start your recertification in time.',
    nl: 'Je certificaat "{name}" verloopt op {date}. Begin op tijd aan je hercertificering.',
    ro: 'Certificatul tău „{name}” expiră pe {date}. Începe recertificarea la timp.',
  },
  certificate_expired: {
    en: 'Your certificate "{name}" has expired. The required courses are open again for recertification.',
    nl: 'Je certificaat "{name}" is verlopen. De vereiste cursussen staan weer open voor hercertificering.',
    ro: 'Certificatul tău „{name}” a expirat. Cursurile necesare sunt din nou deschise pentru recertificare.',
  },
  certification_overdue: {
    en: 'The certification "{name}" was due on {date} and is not completed yet.',
    nl: 'De certificering "{name}" moest op {date} klaar zijn en is nog niet behaald.',
    ro: 'Certificarea „{name}” trebuia obținută până pe {date} și nu este încă finalizată.',
  },
  portfolio_feedback_received: {
    en: '{name} gave feedback on your portfolio item "{title}".',
    nl: '{name} heeft feedback gegeven op je portfolio-item "{title}".',
    ro: '{name} a oferit feedback la elementul din portofoliu „{title}”.',
  },
  portfolio_comment_added: {
    en: '{name} commented on your portfolio item "{title}".',
    nl: '{name} heeft gereageerd op je portfolio-item "{title}".',
    ro: '{name} a comentat elementul din portofoliu „{title}”.',
  },
} as const satisfies MessageCatalog;
