import { Readable } from 'node:stream';
import { FILE_UPLOAD_MAX_BYTES, videoEmbed } from '@leerpad/core';
import type { Transaction } from 'kysely';
import type { FileStorage } from '../../storage/file-storage';
import type { Database } from '../schema';

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

const CATALOG: CourseSeed[] = [
  {
    title: 'First aid basics',
    summary: 'Recognise an emergency, call for help and give first aid until it arrives.',
    category: 'Safety & compliance',
    labels: ['Beginner', 'Certificate'],
    minutes: 90,
    publishedDaysAgo: 120,
  },
  {
    title: 'Fire safety and evacuation',
    summary: 'Prevent fires, use an extinguisher and lead colleagues out safely.',
    category: 'Safety & compliance',
    labels: ['Mandatory'],
    minutes: 45,
    publishedDaysAgo: 100,
  },
  {
    title: 'Hazardous substances and GHS labels',
    summary: 'Read hazard pictograms and store and handle chemicals safely.',
    category: 'Safety & compliance',
    labels: ['Advanced'],
    minutes: 60,
    publishedDaysAgo: 80,
  },
  {
    title: 'Workplace safety',
    summary: 'The safety rules every employee knows, with a certificate at the end.',
    category: 'Safety & compliance',
    labels: ['Mandatory', 'Certificate'],
    minutes: 120,
    publishedDaysAgo: 200,
  },
  {
    title: 'Customer conversations',
    summary: 'Listen, ask and summarise: conversations that leave customers satisfied.',
    category: 'Customer service',
    labels: ['Beginner'],
    minutes: 50,
    publishedDaysAgo: 20,
  },
  {
    title: 'Handling complaints with care',
    summary: 'Turn an unhappy customer into a loyal one in five steps.',
    category: 'Customer service',
    labels: ['Advanced'],
    minutes: 40,
    publishedDaysAgo: 60,
  },
  {
    title: 'Writing clear e-mails',
    summary: 'Short, friendly and unmistakable messages to customers and colleagues.',
    category: 'Customer service',
    labels: ['Beginner'],
    minutes: 30,
    publishedDaysAgo: 45,
  },
  {
    title: 'Phone etiquette',
    summary: 'Answer, transfer and end calls the way customers remember well.',
    category: 'Customer service',
    labels: ['New'],
    minutes: 25,
    publishedDaysAgo: 5,
  },
  {
    title: 'Service in a multicultural team',
    summary: 'Work and serve well across languages and cultures.',
    category: 'Customer service',
    labels: ['New'],
    minutes: 35,
    publishedDaysAgo: 3,
  },
  {
    title: 'Giving and receiving feedback',
    summary: 'Feedback that helps: specific, kind and in time.',
    category: 'Leadership & teamwork',
    labels: ['Beginner'],
    minutes: 40,
    publishedDaysAgo: 70,
  },
  {
    // Dutch, as the coach screens of the Dutch portal show it: it requires approval (seed/coaching.ts).
    title: 'Vergaderen met resultaat',
    summary: 'Kortere vergaderingen met duidelijke besluiten en eigenaren.',
    category: 'Leadership & teamwork',
    labels: [],
    minutes: 30,
    publishedDaysAgo: 90,
  },
  {
    title: 'Coaching conversations for team leads',
    summary: 'Help your team find their own answers with the GROW model.',
    category: 'Leadership & teamwork',
    labels: ['Advanced'],
    minutes: 75,
    publishedDaysAgo: 30,
  },
  {
    title: 'Time management and priorities',
    summary: 'Plan your week, protect focus time and say no politely.',
    category: 'Leadership & teamwork',
    labels: ['Beginner'],
    minutes: 45,
    publishedDaysAgo: 150,
  },
  {
    title: 'Leading change',
    summary: 'Bring your team along when the way of working changes.',
    category: 'Leadership & teamwork',
    labels: ['Advanced', 'New'],
    minutes: 60,
    publishedDaysAgo: 2,
  },
  {
    title: 'Forklift refresher',
    summary: 'Annual refresher for certified forklift drivers (in preparation).',
    category: 'Safety & compliance',
    labels: ['Mandatory'],
    minutes: 60,
    status: 'draft',
    publishedDaysAgo: 0,
  },
  {
    title: 'Manual handling 2024',
    summary: 'Replaced by "Safe lifting at work".',
    category: 'Safety & compliance',
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

/** Two short sections of reading for each catalog course, so every course detail has an outline. */
async function simpleOutline(trx: Trx, portalId: number, courseId: number, title: string, summary: string) {
  const intro = await insertSection(trx, portalId, courseId, 'Introduction', 1);
  const wrapUp = await insertSection(trx, portalId, courseId, 'Wrap-up', 2);
  const where = { portalId, courseId };
  await insertObject(
    trx,
    { ...where, sectionId: intro },
    {
      type: 'page',
      title: 'Welcome',
      position: 1,
      minutes: 3,
      body: paragraph(`Welcome to ${title}`, summary),
    },
  );
  await insertObject(
    trx,
    { ...where, sectionId: intro },
    {
      type: 'page',
      title: 'Key ideas',
      position: 2,
      minutes: 10,
      body: '<ul><li>Start with why it matters.</li><li>Practise in small steps.</li><li>Ask for feedback.</li></ul>',
    },
  );
  await insertObject(
    trx,
    { ...where, sectionId: wrapUp },
    {
      type: 'page',
      title: 'Summary and next steps',
      position: 1,
      minutes: 5,
      body: '<p>Well done. Put one idea into practice this week and tell your coach how it went.</p>',
    },
  );
}

const QUIZ_QUESTIONS = [
  {
    type: 'single_choice',
    prompt: 'How do you lift a heavy box from the floor?',
    options: [
      {
        id: '1',
        text: 'With bent knees and a straight back',
        correct: true,
        feedback: 'Right: your legs do the work.',
      },
      {
        id: '2',
        text: 'With straight legs, bending at the waist',
        correct: false,
        feedback: 'That strains your lower back.',
      },
      { id: '3', text: 'As fast as possible', correct: false, feedback: 'Speed makes control harder.' },
    ],
    accepted: [],
    feedback: 'Keep the load close to your body.',
  },
  {
    type: 'multiple_choice',
    prompt: 'Which of these protect you when lifting? Choose all that apply.',
    options: [
      { id: '1', text: 'Gloves with grip', correct: true, feedback: null },
      { id: '2', text: 'Safety shoes', correct: true, feedback: null },
      { id: '3', text: 'Sunglasses', correct: false, feedback: 'They do not help you lift.' },
    ],
    accepted: [],
    feedback: null,
  },
  {
    type: 'open_answer',
    prompt: 'What is the usual maximum weight one person should lift alone (in kg)?',
    options: [],
    accepted: ['25', '25 kg', '25 kilograms', '25kg'],
    feedback: 'Many guidelines use 25 kg for men and less for women and young workers.',
  },
  {
    type: 'single_choice',
    prompt: 'The load is too heavy. What do you do?',
    options: [
      { id: '1', text: 'Ask a colleague or use a lifting aid', correct: true, feedback: null },
      { id: '2', text: 'Try anyway, carefully', correct: false, feedback: 'Never risk it: get help.' },
    ],
    accepted: [],
    feedback: null,
  },
  {
    type: 'single_choice',
    prompt: 'Where should the load be while you carry it?',
    options: [
      { id: '1', text: 'Close to your body, at waist height', correct: true, feedback: null },
      { id: '2', text: 'At arm’s length', correct: false, feedback: null },
      { id: '3', text: 'Above your shoulders', correct: false, feedback: null },
    ],
    accepted: [],
    feedback: null,
  },
  {
    type: 'multiple_choice',
    prompt: 'What do you check before you lift?',
    options: [
      { id: '1', text: 'The weight and shape of the load', correct: true, feedback: null },
      { id: '2', text: 'That your route is clear', correct: true, feedback: null },
      { id: '3', text: 'The weather forecast', correct: false, feedback: null },
    ],
    accepted: [],
    feedback: null,
  },
];

export async function seedLearning(trx: Trx, ids: LearningSeedIds, storage?: FileStorage): Promise<void> {
  const now = new Date().toISOString();
  const categoryIds = new Map<string, number>();
  for (const [index, name] of [
    'Safety & compliance',
    'Customer service',
    'Leadership & teamwork',
  ].entries()) {
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
    ['Beginner', '#0f766e'],
    ['Advanced', '#b45309'],
    ['Mandatory', '#b91c1c'],
    ['Certificate', '#1d4ed8'],
    ['New', '#7c3aed'],
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
      title: 'Safe lifting at work',
      summary: 'Lift, carry and put down loads without hurting your back.',
      category: 'Safety & compliance',
      labels: ['Beginner', 'Mandatory'],
      minutes: 60,
      publishedDaysAgo: 10,
      language: 'en',
      description:
        '<p>Back injuries are the most common injuries at work. In this course you learn <strong>how to lift safely</strong>, test your knowledge and plan a real lift with your coach.</p>',
    },
    categoryIds,
    labelIds,
  );
  const pdf = checklistPdf([
    'Lifting checklist',
    '1. Check the weight and shape of the load.',
    '2. Clear your route.',
    '3. Stand close, feet apart, knees bent.',
    '4. Lift with your legs, keep your back straight.',
    '5. Too heavy? Ask for help or use a lifting aid.',
  ]);
  const storageKey = `portal-${ids.academy}/demo/lifting-checklist.pdf`;
  if (storage) await storage.write(storageKey, Readable.from(pdf), FILE_UPLOAD_MAX_BYTES);
  const { id: fileId } = await trx
    .insertInto('files')
    .values({
      portal_id: ids.academy,
      account_id: ids.admin,
      name: 'lifting-checklist.pdf',
      content_type: 'application/pdf',
      byte_size: pdf.length,
      storage_key: storageKey,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const sample = { portalId: ids.academy, courseId: sampleId };
  const before = await insertSection(trx, ids.academy, sampleId, 'Before you lift', 1);
  const check = await insertSection(trx, ids.academy, sampleId, 'Check your knowledge', 2);
  const practice = await insertSection(trx, ids.academy, sampleId, 'Put it into practice', 3);
  const page = await insertObject(
    trx,
    { ...sample, sectionId: before },
    {
      type: 'page',
      title: 'Why lifting injuries happen',
      position: 1,
      minutes: 5,
      body: '<h2>Your back is not a crane</h2><p>Most lifting injuries come from <em>bending at the waist</em>, twisting while carrying, and loads held far from the body.</p><ul><li>Plan the lift.</li><li>Keep the load close.</li><li>Do not twist: turn with your feet.</li></ul>',
    },
  );
  const video = await insertObject(
    trx,
    { ...sample, sectionId: before },
    {
      type: 'video',
      title: 'Lifting technique in two minutes',
      position: 2,
      minutes: 2,
      body: '<p>Watch how the knees, not the back, do the work.</p>',
      videoUrl: 'https://vimeo.com/76979871',
    },
  );
  const file = await insertObject(
    trx,
    { ...sample, sectionId: before },
    {
      type: 'file',
      title: 'Lifting checklist (PDF)',
      position: 3,
      minutes: 3,
      body: '<p>Print this checklist and keep it near your workplace.</p>',
      fileId,
    },
  );
  const quiz = await insertObject(
    trx,
    { ...sample, sectionId: check },
    {
      type: 'quiz',
      title: 'Lifting quiz',
      position: 1,
      minutes: 10,
      body: '<p>Four questions drawn from six. You need 70% to pass and have three attempts.</p>',
      settings: { pass_mark: 70, attempts_limit: 3, questions_per_attempt: 4 },
    },
  );
  await insertObject(
    trx,
    { ...sample, sectionId: practice },
    {
      type: 'page',
      title: 'Plan before you lift',
      position: 1,
      minutes: 5,
      body: '<p>A good plan answers three questions: <strong>what</strong>, <strong>where to</strong> and <strong>with whom</strong>.</p>',
    },
  );
  await insertObject(
    trx,
    { ...sample, sectionId: practice },
    {
      type: 'assignment',
      title: 'Plan a safe lift',
      position: 2,
      minutes: 20,
      body: '<p>Describe a heavy or awkward load from your own work and how you will move it safely. Your coach reviews your plan.</p>',
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
      { ...seed, language: 'en', description: `<p>${seed.summary}</p>` },
      categoryIds,
      labelIds,
    );
    await simpleOutline(trx, ids.academy, courseId, seed.title, seed.summary);
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
        description: 'The second bullet says "Keep the load clsoe" in the printed version.',
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
        description: 'The video has no subtitles in Dutch.',
        status: 'in_progress',
        staff_note: 'Asked the video team for Dutch subtitles.',
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
    await simpleOutline(trx, ids.second, courseId, seed.title, seed.summary);
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
