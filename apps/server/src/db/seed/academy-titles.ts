/**
 * Names of Leerpad Academy's demo content. The portal's primary language is Dutch, so its content
 * is written in Dutch; the seed and the tests that look the content up both take the names from here.
 */
export const ACADEMY_COURSES = {
  sample: 'Veilig tillen op het werk',
  firstAid: 'Basiskennis eerste hulp',
  fireSafety: 'Brandveiligheid en ontruiming',
  hazardousSubstances: 'Gevaarlijke stoffen en GHS-etiketten',
  workplaceSafety: 'Veiligheid op de werkplek',
  customerConversations: 'Klantgesprekken',
  complaints: 'Zorgvuldig omgaan met klachten',
  emails: 'Heldere e-mails schrijven',
  phone: 'Telefoonetiquette',
  multicultural: 'Service in een multicultureel team',
  feedback: 'Feedback geven en ontvangen',
  meetings: 'Vergaderen met resultaat',
  coachingConversations: 'Coachende gesprekken voor teamleiders',
  timeManagement: 'Timemanagement en prioriteiten',
  leadingChange: 'Leidinggeven aan verandering',
  forklift: 'Opfriscursus heftruck',
  manualHandling: 'Tillen en dragen 2024',
} as const;

/** The sections of the sample course, in order. */
export const ACADEMY_SECTIONS = {
  before: 'Voordat je tilt',
  check: 'Test je kennis',
  practice: 'In de praktijk',
} as const;

/** The learning objects of the sample course, one of every type. */
export const ACADEMY_OBJECTS = {
  page: 'Waarom tilblessures ontstaan',
  video: 'Tiltechniek in twee minuten',
  file: 'Checklist tillen (PDF)',
  quiz: 'Quiz tillen',
  plan: 'Plan voordat je tilt',
  assignment: 'Plan een veilige tilklus',
} as const;

/** The file behind the sample course's file object. */
export const ACADEMY_CHECKLIST_FILE = 'checklist-tillen.pdf';

/** The outline every other catalog course gets. */
export const ACADEMY_OUTLINE = {
  intro: 'Inleiding',
  wrapUp: 'Afronding',
  welcome: 'Welkom',
  keyIdeas: 'Kernideeën',
  summary: 'Samenvatting en vervolgstappen',
} as const;

export const ACADEMY_CATEGORIES = {
  safety: 'Veiligheid & naleving',
  service: 'Klantenservice',
  leadership: 'Leiderschap & teamwerk',
} as const;

export const ACADEMY_LABELS = {
  beginner: 'Beginner',
  advanced: 'Gevorderd',
  mandatory: 'Verplicht',
  certificate: 'Certificaat',
  new: 'Nieuw',
} as const;

/** Shop products that sell a single course. */
export const ACADEMY_PRODUCTS = {
  sample: `Cursus: ${ACADEMY_COURSES.sample}`,
  firstAid: `Cursus: ${ACADEMY_COURSES.firstAid}`,
} as const;
