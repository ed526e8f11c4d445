import type { MessageCatalog } from './catalog';

/** Notifications of the learning core: courses, answers and content issues. */
export const LEARNING_MESSAGES = {
  course_completed: {
    en: 'You completed the course "{title}". Well done!',
    nl: 'Je hebt de cursus "{title}" afgerond. Goed gedaan!',
    ro: 'Ai finalizat cursul „{title}”. Felicitări!',
  },
  content_issue_resolved: {
    en: 'The problem you reported in "{title}" has been resolved. Thank you!',
    nl: 'Het probleem dat je meldde in "{title}" is opgelost. Bedankt!',
    ro: 'Problema raportată de tine în „{title}” a fost rezolvată. Mulțumim!',
  },
  answer_approved: {
    en: 'Your answer to "{title}" was approved.',
    nl: 'Je antwoord op "{title}" is goedgekeurd.',
    ro: 'Răspunsul tău la „{title}” a fost aprobat.',
  },
  answer_revision_requested: {
    en: 'Your coach asked you to revise your answer to "{title}".',
    nl: 'Je coach vraagt je om je antwoord op "{title}" aan te passen.',
    ro: 'Coach-ul tău ți-a cerut să revizuiești răspunsul la „{title}”.',
  },
  answer_invitation: {
    en: 'A classmate asked you to join their group answer to "{title}". Accept or decline it in the assignment.',
    nl: 'Een medecursist vraagt je mee te doen aan een groepsantwoord op "{title}". Accepteer of weiger het in de opdracht.',
    ro: 'Un coleg te-a invitat să faci parte din răspunsul de grup la „{title}”. Acceptă sau refuză invitația în temă.',
  },
} as const satisfies MessageCatalog;
