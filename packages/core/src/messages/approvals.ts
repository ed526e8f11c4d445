import type { MessageCatalog } from './catalog';

/** Notifications of coaching: handed-in answers and approval requests with their decisions. */
export const APPROVAL_MESSAGES = {
  answer_submitted: {
    en: '{student} handed in an answer to "{title}".',
    nl: '{student} heeft een antwoord ingeleverd voor "{title}".',
    ro: '{student} a predat un răspuns la „{title}”.',
  },
  enrollment_approval_requested: {
    en: '{student} asks to join "{title}". Approve or decline it under Approvals.',
    nl: '{student} wil deelnemen aan "{title}". Keur het goed of wijs het af onder Goedkeuringen.',
    ro: '{student} cere înscrierea la „{title}”. Aprobă sau respinge cererea la Aprobări.',
  },
  completion_signoff_requested: {
    en: '{student} finished "{title}" and needs your sign-off under Approvals.',
    nl: '{student} heeft "{title}" afgerond en wacht op je goedkeuring onder Goedkeuringen.',
    ro: '{student} a terminat „{title}” și așteaptă confirmarea ta la Aprobări.',
  },
  enrollment_request_approved: {
    en: 'Your request to join "{title}" was approved. You can start now.',
    nl: 'Je aanvraag voor "{title}" is goedgekeurd. Je kunt nu beginnen.',
    ro: 'Cererea ta de înscriere la „{title}” a fost aprobată. Poți începe acum.',
  },
  enrollment_request_rejected: {
    en: 'Your request to join "{title}" was declined.',
    nl: 'Je aanvraag voor "{title}" is afgewezen.',
    ro: 'Cererea ta de înscriere la „{title}” a fost respinsă.',
  },
  completion_signoff_approved: {
    en: 'Your coach signed off your completion of "{title}".',
    nl: 'Je coach heeft je afronding van "{title}" goedgekeurd.',
    ro: 'Coach-ul tău a confirmat finalizarea cursului „{title}”.',
  },
  completion_signoff_rejected: {
    en: 'Your coach did not sign off your completion of "{title}" yet.',
    nl: 'Je coach heeft je afronding van "{title}" nog niet goedgekeurd.',
    ro: 'Coach-ul tău nu a confirmat încă finalizarea cursului „{title}”.',
  },
} as const satisfies MessageCatalog;
