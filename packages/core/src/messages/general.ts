import type { MessageCatalog } from './catalog';

/** Notifications that belong to no single area: reminders, replies, announcements and settings. */
export const GENERAL_MESSAGES = {
  coach_reviewed_answer: {
    en: 'Your coach reviewed your answer in "{title}".',
    nl: 'Je coach heeft je antwoord in "{title}" bekeken.',
    ro: 'Coach-ul tău a evaluat răspunsul tău din „{title}”.',
  },
  catalog_course_added: {
    en: 'A new course is available in the catalog: "{title}".',
    nl: 'Er staat een nieuwe cursus in de catalogus: "{title}".',
    ro: 'Un curs nou este disponibil în catalog: „{title}”.',
  },
  module_reminder: {
    en: 'Reminder: finish the module "{title}" this week.',
    nl: 'Herinnering: rond de module "{title}" deze week af.',
    ro: 'Memento: termină modulul „{title}” săptămâna aceasta.',
  },
  follow_up_due_call: {
    en: 'Follow-up due: call {student}.',
    nl: 'Opvolging staat gepland: bel {student}.',
    ro: 'Urmărire scadentă: sună-l pe {student}.',
  },
  follow_up_due_meeting: {
    en: 'Follow-up due: meet {student}.',
    nl: 'Opvolging staat gepland: afspraak met {student}.',
    ro: 'Urmărire scadentă: întâlnire cu {student}.',
  },
  follow_up_due_message: {
    en: 'Follow-up due: send {student} a message.',
    nl: 'Opvolging staat gepland: stuur {student} een bericht.',
    ro: 'Urmărire scadentă: trimite-i un mesaj lui {student}.',
  },
  coach_replied: {
    en: 'Your coach replied to your question.',
    nl: 'Je coach heeft je vraag beantwoord.',
    ro: 'Coach-ul tău ți-a răspuns la întrebare.',
  },
  certificate_ready: {
    en: 'Your certificate "{title}" is ready.',
    nl: 'Je certificaat "{title}" staat klaar.',
    ro: 'Certificatul tău „{title}” este gata.',
  },
  announcement_published: {
    en: 'The academy published a new announcement.',
    nl: 'De academie heeft een nieuwe mededeling geplaatst.',
    ro: 'Academia a publicat un anunț nou.',
  },
  reported_issue_resolved: {
    en: 'A content issue you reported was resolved.',
    nl: 'Een probleem dat je in de inhoud meldde, is opgelost.',
    ro: 'O problemă de conținut raportată de tine a fost rezolvată.',
  },
  course_settings_changed: {
    en: 'Course settings were changed by an administrator.',
    nl: 'Een beheerder heeft de cursusinstellingen gewijzigd.',
    ro: 'Setările cursului au fost modificate de un administrator.',
  },
} as const satisfies MessageCatalog;
