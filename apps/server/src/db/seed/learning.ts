import { Readable } from 'node:stream';
import { FILE_UPLOAD_MAX_BYTES, videoEmbed } from '@leerpad/core';
import type { Transaction } from 'kysely';
import type { FileStorage } from '../../storage/file-storage';
import type { Database } from '../schema';
import {
  ACADEMY_CATEGORIES,
  ACADEMY_CHECKLIST_FILE,
  ACADEMY_COURSES,
  ACADEMY_LABELS,
  ACADEMY_OBJECTS,
  ACADEMY_OUTLINE,
  ACADEMY_SECTIONS,
} from './academy-titles';

/**
 * Demo learning content: a catalog of published courses in three categories with labels, one
 * sample course with a learning object of every type, the demo student half-way through it, and two
 * content issues to triage. Nothing here sends a notification (the demo's counts stay as they are).
 */
export interface LearningSeedIds {
  academy: number;
  second: number;
  student: number;
  coach: number;
  admin: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();

/** A one-page PDF with a few lines of text, built by hand so the demo needs no binary assets. */
export function checklistPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT /F1 20 Tf 72 760 Td',
    `(${escape(lines[0] ?? '')}) Tj`,
    '/F1 12 Tf 0 -32 Td',
    ...lines.slice(1).flatMap((line) => [`(${escape(line)}) Tj`, '0 -20 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

interface CourseSeed {
  title: string;
  summary: string;
  category: string | null;
  labels: string[];
  minutes: number;
  status?: 'published' | 'draft' | 'archived';
  publishedDaysAgo: number;
}

const { safety, service, leadership } = ACADEMY_CATEGORIES;
const { beginner, advanced, mandatory, certificate } = ACADEMY_LABELS;
const NEW = ACADEMY_LABELS.new;

const CATALOG: CourseSeed[] = [
  {
    title: ACADEMY_COURSES.firstAid,
    summary: 'Herken een noodsituatie, alarmeer hulpdiensten en verleen eerste hulp tot die er zijn.',
    category: safety,
    labels: [beginner, certificate],
    minutes: 90,
    publishedDaysAgo: 120,
  },
  {
    title: ACADEMY_COURSES.fireSafety,
    summary: 'Voorkom brand, gebruik een blusser en breng collega’s veilig naar buiten.',
    category: safety,
    labels: [mandatory],
    minutes: 45,
    publishedDaysAgo: 100,
  },
  {
    title: ACADEMY_COURSES.hazardousSubstances,
    summary: 'Lees gevarenpictogrammen en bewaar en gebruik chemicaliën op een veilige manier.',
    category: safety,
    labels: [advanced],
    minutes: 60,
    publishedDaysAgo: 80,
  },
  {
    title: ACADEMY_COURSES.workplaceSafety,
    summary: 'De veiligheidsregels die iedere medewerker kent, met een certificaat aan het eind.',
    category: safety,
    labels: [mandatory, certificate],
    minutes: 120,
    publishedDaysAgo: 200,
  },
  {
    title: ACADEMY_COURSES.customerConversations,
    summary: 'Luisteren, doorvragen en samenvatten: gesprekken waar klanten tevreden van worden.',
    category: service,
    labels: [beginner],
    minutes: 50,
    publishedDaysAgo: 20,
  },
  {
    title: ACADEMY_COURSES.complaints,
    summary: 'Maak in vijf stappen van een ontevreden klant een trouwe klant.',
    category: service,
    labels: [advanced],
    minutes: 40,
    publishedDaysAgo: 60,
  },
  {
    title: ACADEMY_COURSES.emails,
    summary: 'Korte, vriendelijke en ondubbelzinnige berichten aan klanten en collega’s.',
    category: service,
    labels: [beginner],
    minutes: 30,
    publishedDaysAgo: 45,
  },
  {
    title: ACADEMY_COURSES.phone,
    summary: 'Neem gesprekken aan, verbind door en rond af op een manier die klanten bijblijft.',
    category: service,
    labels: [NEW],
    minutes: 25,
    publishedDaysAgo: 5,
  },
  {
    title: ACADEMY_COURSES.multicultural,
    summary: 'Goed samenwerken en klanten goed helpen, over talen en culturen heen.',
    category: service,
    labels: [NEW],
    minutes: 35,
    publishedDaysAgo: 3,
  },
  {
    title: ACADEMY_COURSES.feedback,
    summary: 'Feedback die helpt: concreet, vriendelijk en op tijd.',
    category: leadership,
    labels: [beginner],
    minutes: 40,
    publishedDaysAgo: 70,
  },
  {
    // It requires approval to enrol (seed/coaching.ts).
    title: ACADEMY_COURSES.meetings,
    summary: 'Kortere vergaderingen met duidelijke besluiten en eigenaren.',
    category: leadership,
    labels: [],
    minutes: 30,
    publishedDaysAgo: 90,
  },
  {
    title: ACADEMY_COURSES.coachingConversations,
    summary: 'Help je team zelf antwoorden te vinden met het GROW-model.',
    category: leadership,
    labels: [advanced],
    minutes: 75,
    publishedDaysAgo: 30,
  },
  {
    title: ACADEMY_COURSES.timeManagement,
    summary: 'Plan je week, bescherm je focustijd en zeg beleefd nee.',
    category: leadership,
    labels: [beginner],
    minutes: 45,
    publishedDaysAgo: 150,
  },
  {
    title: ACADEMY_COURSES.leadingChange,
    summary: 'Neem je team mee als de manier van werken verandert.',
    category: leadership,
    labels: [advanced, NEW],
    minutes: 60,
    publishedDaysAgo: 2,
  },
  {
    title: ACADEMY_COURSES.forklift,
    summary: 'Jaarlijkse opfriscursus voor gecertificeerde heftruckchauffeurs (in voorbereiding).',
    category: safety,
    labels: [mandatory],
    minutes: 60,
    status: 'draft',
    publishedDaysAgo: 0,
  },
  {
    title: ACADEMY_COURSES.manualHandling,
    summary: `Vervangen door „${ACADEMY_COURSES.sample}”.`,
    category: safety,
    labels: [],
    minutes: 40,
    status: 'archived',
    publishedDaysAgo: 400,
  },
];

const paragraph = (title: string, text: string) => `<h2>${title}</h2><p>${text}</p>`;

type Trx = Transaction<Database>;

async function insertCourse(
  trx: Trx,
  portalId: number,
  authorId: number | null,
  seed: CourseSeed & { language: string; description: string },
  categoryIds: Map<string, number>,
  labelIds: Map<string, number>,
): Promise<number> {
  const status = seed.status ?? 'published';
  const { id } = await trx
    .insertInto('courses')
    .values({
      portal_id: portalId,
      title: seed.title,
      summary: seed.summary,
      description: seed.description,
      cover_file_id: null,
      cover_image_url: null,
      language: seed.language,
      status,
      catalog_category_id: seed.category ? (categoryIds.get(seed.category) ?? null) : null,
      estimated_minutes: seed.minutes,
      published_at: status === 'draft' ? null : at(seed.publishedDaysAgo),
      created_by: authorId,
      created_at: at(seed.publishedDaysAgo + 7),
      updated_at: at(seed.publishedDaysAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const labels = seed.labels.map((name) => labelIds.get(name)).filter((x): x is number => x !== undefined);
  if (labels.length > 0) {
    await trx
      .insertInto('course_content_labels')
      .values(labels.map((labelId) => ({ portal_id: portalId, course_id: id, content_label_id: labelId })))
      .execute();
  }
  return id;
}

async function insertSection(trx: Trx, portalId: number, courseId: number, title: string, position: number) {
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('course_sections')
    .values({ portal_id: portalId, course_id: courseId, title, position, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertObject(
  trx: Trx,
  section: { portalId: number; courseId: number; sectionId: number },
  object: {
    type: string;
    title: string;
    position: number;
    minutes: number;
    body?: string;
    videoUrl?: string;
    fileId?: number;
    settings?: Record<string, unknown>;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const embed = object.videoUrl ? videoEmbed(object.videoUrl) : null;
  const { id } = await trx
    .insertInto('learning_objects')
    .values({
      portal_id: section.portalId,
      course_id: section.courseId,
      section_id: section.sectionId,
      type: object.type,
      title: object.title,
      position: object.position,
      required: 1,
      estimated_minutes: object.minutes,
      body: object.body ?? '',
      video_url: object.videoUrl ?? null,
      video_provider: embed?.provider ?? null,
      embed_url: embed?.embedUrl ?? null,
      file_id: object.fileId ?? null,
      settings: JSON.stringify(object.settings ?? {}),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The words of a catalog course's short outline, in the portal's language. */
interface OutlineTexts {
  intro: string;
  wrapUp: string;
  welcome: string;
  welcomeHeading: (title: string) => string;
  keyIdeas: string;
  keyIdeasBody: string;
  summary: string;
  summaryBody: string;
}

const DUTCH_OUTLINE: OutlineTexts = {
  ...ACADEMY_OUTLINE,
  welcomeHeading: (title) => `Welkom bij „${title}”`,
  keyIdeasBody:
    '<ul><li>Begin bij de vraag waarom het ertoe doet.</li><li>Oefen in kleine stappen.</li><li>Vraag om feedback.</li></ul>',
  summaryBody: '<p>Goed gedaan. Breng deze week één idee in de praktijk en vertel je coach hoe het ging.</p>',
};

const ENGLISH_OUTLINE: OutlineTexts = {
  intro: 'Introduction',
  wrapUp: 'Wrap-up',
  welcome: 'Welcome',
  welcomeHeading: (title) => `Welcome to ${title}`,
  keyIdeas: 'Key ideas',
  keyIdeasBody:
    '<ul><li>Start with why it matters.</li><li>Practise in small steps.</li><li>Ask for feedback.</li></ul>',
  summary: 'Summary and next steps',
  summaryBody: '<p>Well done. Put one idea into practice this week and tell your coach how it went.</p>',
};

/** Two short sections of reading for each catalog course, so every course detail has an outline. */
async function simpleOutline(
  trx: Trx,
  portalId: number,
  courseId: number,
  course: { title: string; summary: string },
  texts: OutlineTexts,
) {
  const intro = await insertSection(trx, portalId, courseId, texts.intro, 1);
  const wrapUp = await insertSection(trx, portalId, courseId, texts.wrapUp, 2);
  const where = { portalId, courseId };
  await insertObject(
    trx,
    { ...where, sectionId: intro },
    {
      type: 'page',
      title: texts.welcome,
      position: 1,
      minutes: 3,
      body: paragraph(texts.welcomeHeading(course.title), course.summary),
    },
  );
  await insertObject(
    trx,
    { ...where, sectionId: intro },
    { type: 'page', title: texts.keyIdeas, position: 2, minutes: 10, body: texts.keyIdeasBody },
  );
  await insertObject(
    trx,
    { ...where, sectionId: wrapUp },
    { type: 'page', title: texts.summary, position: 1, minutes: 5, body: texts.summaryBody },
  );
}

/** The sample quiz's pool (Dutch, like the rest of Leerpad Academy); the tests answer it by prompt. */
export const QUIZ_QUESTIONS = [
  {
    type: 'single_choice',
    prompt: 'Hoe til je een zware doos van de vloer?',
    options: [
      {
        id: '1',
        text: 'Met gebogen knieën en een rechte rug',
        correct: true,
        feedback: 'Goed: je benen doen het werk.',
      },
      {
        id: '2',
        text: 'Met gestrekte benen, vooroverbuigend vanuit je middel',
        correct: false,
        feedback: 'Dat belast je onderrug.',
      },
      {
        id: '3',
        text: 'Zo snel mogelijk',
        correct: false,
        feedback: 'Door snelheid heb je minder controle.',
      },
    ],
    accepted: [],
    feedback: 'Houd de last dicht bij je lichaam.',
  },
  {
    type: 'multiple_choice',
    prompt: 'Wat beschermt je bij het tillen? Kies alles wat van toepassing is.',
    options: [
      { id: '1', text: 'Handschoenen met grip', correct: true, feedback: null },
      { id: '2', text: 'Veiligheidsschoenen', correct: true, feedback: null },
      { id: '3', text: 'Een zonnebril', correct: false, feedback: 'Die helpt je niet bij het tillen.' },
    ],
    accepted: [],
    feedback: null,
  },
  {
    type: 'open_answer',
    prompt: 'Hoeveel mag één persoon doorgaans maximaal alleen tillen (in kg)?',
    options: [],
    accepted: ['25', '25 kg', '25 kilo', '25 kilogram', '25kg'],
    feedback: 'Veel richtlijnen gaan uit van 25 kg voor mannen en minder voor vrouwen en jongeren.',
  },
  {
    type: 'single_choice',
    prompt: 'De last is te zwaar. Wat doe je?',
    options: [
      { id: '1', text: 'Een collega vragen of een tilhulpmiddel gebruiken', correct: true, feedback: null },
      {
        id: '2',
        text: 'Het toch proberen, voorzichtig',
        correct: false,
        feedback: 'Neem geen risico: haal hulp.',
      },
    ],
    accepted: [],
    feedback: null,
  },
  {
    type: 'single_choice',
    prompt: 'Waar houd je de last terwijl je hem draagt?',
    options: [
      { id: '1', text: 'Dicht bij je lichaam, op middelhoogte', correct: true, feedback: null },
      { id: '2', text: 'Op armlengte', correct: false, feedback: null },
      { id: '3', text: 'Boven je schouders', correct: false, feedback: null },
    ],
    accepted: [],
    feedback: null,
  },
  {
    type: 'multiple_choice',
    prompt: 'Wat controleer je voordat je tilt?',
    options: [
      { id: '1', text: 'Het gewicht en de vorm van de last', correct: true, feedback: null },
      { id: '2', text: 'Dat je looproute vrij is', correct: true, feedback: null },
      { id: '3', text: 'De weersverwachting', correct: false, feedback: null },
    ],
    accepted: [],
    feedback: null,
  },
];

export async function seedLearning(trx: Trx, ids: LearningSeedIds, storage?: FileStorage): Promise<void> {
  const now = new Date().toISOString();
  const categoryIds = new Map<string, number>();
  for (const [index, name] of [safety, service, leadership].entries()) {
    const { id } = await trx
      .insertInto('catalog_categories')
      .values({
        portal_id: ids.academy,
        name,
        description: null,
        position: index + 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(name, id);
  }
  const labelIds = new Map<string, number>();
  for (const [name, color] of [
    [beginner, '#0f766e'],
    [advanced, '#b45309'],
    [mandatory, '#b91c1c'],
    [certificate, '#1d4ed8'],
    [NEW, '#7c3aed'],
  ] as const) {
    const { id } = await trx
      .insertInto('content_labels')
      .values({ portal_id: ids.academy, name, color, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    labelIds.set(name, id);
  }

  // The sample course: one learning object of every type.
  const sampleId = await insertCourse(
    trx,
    ids.academy,
    ids.admin,
    {
      title: ACADEMY_COURSES.sample,
      summary: 'Til, draag en zet lasten neer zonder je rug te overbelasten.',
      category: safety,
      labels: [beginner, mandatory],
      minutes: 60,
      publishedDaysAgo: 10,
      language: 'nl',
      description:
        '<p>Rugklachten zijn de meest voorkomende klachten op het werk. In deze cursus leer je <strong>hoe je veilig tilt</strong>, test je je kennis en plan je met je coach een echte tilklus.</p>',
    },
    categoryIds,
    labelIds,
  );
  const pdf = checklistPdf([
    'Checklist tillen',
    '1. Controleer het gewicht en de vorm van de last.',
    '2. Maak je looproute vrij.',
    '3. Sta dicht bij de last, voeten uit elkaar, zak door je benen.',
    '4. Til met je benen en houd je rug recht.',
    '5. Te zwaar? Vraag hulp of gebruik een tilhulpmiddel.',
  ]);
  const storageKey = `portal-${ids.academy}/demo/${ACADEMY_CHECKLIST_FILE}`;
  if (storage) await storage.write(storageKey, Readable.from(pdf), FILE_UPLOAD_MAX_BYTES);
  const { id: fileId } = await trx
    .insertInto('files')
    .values({
      portal_id: ids.academy,
      account_id: ids.admin,
      name: ACADEMY_CHECKLIST_FILE,
      content_type: 'application/pdf',
      byte_size: pdf.length,
      storage_key: storageKey,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const sample = { portalId: ids.academy, courseId: sampleId };
  const before = await insertSection(trx, ids.academy, sampleId, ACADEMY_SECTIONS.before, 1);
  const check = await insertSection(trx, ids.academy, sampleId, ACADEMY_SECTIONS.check, 2);
  const practice = await insertSection(trx, ids.academy, sampleId, ACADEMY_SECTIONS.practice, 3);
  const page = await insertObject(
    trx,
    { ...sample, sectionId: before },
    {
      type: 'page',
      title: ACADEMY_OBJECTS.page,
      position: 1,
      minutes: 5,
      body: '<h2>Je rug is geen hijskraan</h2><p>De meeste tilblessures ontstaan door <em>vooroverbuigen vanuit je middel</em>, draaien tijdens het dragen en lasten die ver van je lichaam hangen.</p><ul><li>Plan de til.</li><li>Houd de last dichtbij.</li><li>Draai niet met je rug: draai met je voeten.</li></ul>',
    },
  );
  const video = await insertObject(
    trx,
    { ...sample, sectionId: before },
    {
      type: 'video',
      title: ACADEMY_OBJECTS.video,
      position: 2,
      minutes: 2,
      body: '<p>Kijk hoe de knieën het werk doen, niet de rug.</p>',
      videoUrl: 'https://vimeo.com/76979871',
    },
  );
  const file = await insertObject(
    trx,
    { ...sample, sectionId: before },
    {
      type: 'file',
      title: ACADEMY_OBJECTS.file,
      position: 3,
      minutes: 3,
      body: '<p>Print deze checklist en hang hem bij je werkplek.</p>',
      fileId,
    },
  );
  const quiz = await insertObject(
    trx,
    { ...sample, sectionId: check },
    {
      type: 'quiz',
      title: ACADEMY_OBJECTS.quiz,
      position: 1,
      minutes: 10,
      body: '<p>Vier vragen, gekozen uit zes. Je hebt 70% nodig om te slagen en je hebt drie pogingen.</p>',
      settings: { pass_mark: 70, attempts_limit: 3, questions_per_attempt: 4 },
    },
  );
  await insertObject(
    trx,
    { ...sample, sectionId: practice },
    {
      type: 'page',
      title: ACADEMY_OBJECTS.plan,
      position: 1,
      minutes: 5,
      body: '<p>Een goed plan beantwoordt drie vragen: <strong>wat</strong>, <strong>waarheen</strong> en <strong>met wie</strong>.</p>',
    },
  );
  await insertObject(
    trx,
    { ...sample, sectionId: practice },
    {
      type: 'assignment',
      title: ACADEMY_OBJECTS.assignment,
      position: 2,
      minutes: 20,
      body: '<p>Beschrijf een zware of lastig te hanteren last uit je eigen werk en hoe je die veilig verplaatst. Je coach beoordeelt je plan.</p>',
      settings: { answer_type: 'text', group_submission: true },
    },
  );
  await trx
    .insertInto('quiz_questions')
    .values(
      QUIZ_QUESTIONS.map((question, index) => ({
        portal_id: ids.academy,
        learning_object_id: quiz,
        type: question.type,
        prompt: question.prompt,
        options: JSON.stringify(question.options),
        accepted_answers: JSON.stringify(question.accepted),
        feedback: question.feedback,
        points: 1,
        position: index + 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // The rest of the catalog.
  for (const seed of CATALOG) {
    const courseId = await insertCourse(
      trx,
      ids.academy,
      ids.admin,
      { ...seed, language: 'nl', description: `<p>${seed.summary}</p>` },
      categoryIds,
      labelIds,
    );
    await simpleOutline(trx, ids.academy, courseId, seed, DUTCH_OUTLINE);
  }

  // The demo student is half-way through the sample course: three of six objects done.
  const { id: enrollmentId } = await trx
    .insertInto('enrollments')
    .values({
      portal_id: ids.academy,
      course_id: sampleId,
      account_id: ids.student,
      status: 'active',
      last_learning_object_id: file,
      enrolled_at: at(6),
      last_activity_at: at(1),
      completed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('learning_object_progress')
    .values(
      [page, video, file].map((learningObjectId, index) => ({
        portal_id: ids.academy,
        enrollment_id: enrollmentId,
        learning_object_id: learningObjectId,
        status: 'completed',
        last_position: learningObjectId === video ? 95 : null,
        score: null,
        attempts_count: 0,
        completed_at: at(5 - index * 2),
        updated_at: at(5 - index * 2),
      })),
    )
    .execute();

  // Two reports for the content-issue triage screen.
  await trx
    .insertInto('content_issues')
    .values([
      {
        portal_id: ids.academy,
        course_id: sampleId,
        learning_object_id: page,
        reporter_id: ids.student,
        category: 'typo',
        description: 'In de geprinte versie staat bij het tweede punt "Houd de last dichbtij".',
        status: 'open',
        staff_note: null,
        resolved_by: null,
        resolved_at: null,
        created_at: at(2),
        updated_at: at(2),
      },
      {
        portal_id: ids.academy,
        course_id: sampleId,
        learning_object_id: video,
        reporter_id: ids.student,
        category: 'media_problem',
        description: 'De video heeft geen Nederlandse ondertiteling.',
        status: 'in_progress',
        staff_note: 'Nederlandse ondertiteling aangevraagd bij het videoteam.',
        resolved_by: null,
        resolved_at: null,
        created_at: at(4),
        updated_at: at(3),
      },
    ])
    .execute();

  // The second portal has its own small catalog (no categories there: the feature is off).
  const secondLabels = new Map<string, number>();
  const { id: essentials } = await trx
    .insertInto('content_labels')
    .values({ portal_id: ids.second, name: 'Essentials', color: '#1d4ed8', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  secondLabels.set('Essentials', essentials);
  for (const seed of [
    { title: 'Getting started', summary: 'Find your way around the learning platform.' },
    { title: 'Data protection basics', summary: 'Handle personal data with care.' },
  ]) {
    const courseId = await insertCourse(
      trx,
      ids.second,
      null,
      {
        ...seed,
        category: null,
        labels: ['Essentials'],
        minutes: 20,
        publishedDaysAgo: 15,
        language: 'en',
        description: `<p>${seed.summary}</p>`,
      },
      new Map(),
      secondLabels,
    );
    await simpleOutline(trx, ids.second, courseId, seed, ENGLISH_OUTLINE);
  }
}

/** Academia Carpați, the Romanian demo portal: two short courses, written in Romanian. */
export async function seedRomanianCatalog(trx: Trx, portalId: number): Promise<void> {
  const now = new Date().toISOString();
  const { id: essential } = await trx
    .insertInto('content_labels')
    .values({ portal_id: portalId, name: 'Esențial', color: '#1e40af', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const labels = new Map([['Esențial', essential]]);
  for (const seed of [
    { title: 'Primii pași', summary: 'Descoperă cum funcționează platforma de învățare.' },
    { title: 'Siguranța la locul de muncă', summary: 'Reguli simple care te feresc de accidente.' },
  ]) {
    const courseId = await insertCourse(
      trx,
      portalId,
      null,
      {
        ...seed,
        category: null,
        labels: ['Esențial'],
        minutes: 20,
        publishedDaysAgo: 10,
        language: 'ro',
        description: `<p>${seed.summary}</p>`,
      },
      new Map(),
      labels,
    );
    const where = { portalId, courseId };
    const intro = await insertSection(trx, portalId, courseId, 'Introducere', 1);
    const wrapUp = await insertSection(trx, portalId, courseId, 'Încheiere', 2);
    await insertObject(
      trx,
      { ...where, sectionId: intro },
      {
        type: 'page',
        title: 'Bun venit',
        position: 1,
        minutes: 3,
        body: paragraph(`Bun venit la cursul „${seed.title}”`, seed.summary),
      },
    );
    await insertObject(
      trx,
      { ...where, sectionId: intro },
      {
        type: 'page',
        title: 'Idei principale',
        position: 2,
        minutes: 10,
        body: '<ul><li>Află de ce contează.</li><li>Exersează în pași mici.</li><li>Cere părerea altora.</li></ul>',
      },
    );
    await insertObject(
      trx,
      { ...where, sectionId: wrapUp },
      {
        type: 'page',
        title: 'Rezumat și pașii următori',
        position: 1,
        minutes: 5,
        body: '<p>Bravo! Pune în practică o idee săptămâna aceasta și spune-i coordonatorului cum a mers.</p>',
      },
    );
  }
}
