/**
 * A quiz as a QTI 3.0 content package (decision 066): one item per question, a test that lists them
 * in the quiz's order, and the manifest. What the import reads back: choice, open questions with
 * their accepted answers, ordering, points (MAXSCORE) and general feedback.
 */
import yazl from 'yazl';
import type { QuestionType } from '@leerpad/core';

export interface ExportQuestion {
  id: number;
  type: QuestionType;
  prompt: string;
  options: Array<{ text: string; correct: boolean; feedback: string | null }>;
  acceptedAnswers: string[];
  feedback: string | null;
  points: number;
}

const QTI_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const paragraphs = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeXml(line)}</p>`)
    .join('');

function itemXml(question: ExportQuestion, identifier: string): string {
  const choiceIds = question.options.map((_, index) => `C${index + 1}`);
  let declaration: string;
  let interaction: string;
  const choices = question.options
    .map(
      (option, index) =>
        `<qti-simple-choice identifier="${choiceIds[index]}">${escapeXml(option.text)}` +
        (option.feedback
          ? `<qti-feedback-inline outcome-identifier="FEEDBACK" identifier="${choiceIds[index]}" show-hide="show">${escapeXml(option.feedback)}</qti-feedback-inline>`
          : '') +
        `</qti-simple-choice>`,
    )
    .join('');
  if (question.type === 'open_answer') {
    const values = question.acceptedAnswers.map((answer) => `<qti-value>${escapeXml(answer)}</qti-value>`);
    const entries = question.acceptedAnswers
      .map((answer) => `<qti-map-entry map-key="${escapeXml(answer)}" mapped-value="1"/>`)
      .join('');
    declaration =
      `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string">` +
      `<qti-correct-response>${values[0] ?? ''}</qti-correct-response>` +
      `<qti-mapping default-value="0">${entries}</qti-mapping></qti-response-declaration>`;
    interaction = `<qti-extended-text-interaction response-identifier="RESPONSE"/>`;
  } else if (question.type === 'ordering') {
    declaration =
      `<qti-response-declaration identifier="RESPONSE" cardinality="ordered" base-type="identifier">` +
      `<qti-correct-response>${choiceIds.map((id) => `<qti-value>${id}</qti-value>`).join('')}</qti-correct-response>` +
      `</qti-response-declaration>`;
    interaction = `<qti-order-interaction response-identifier="RESPONSE" shuffle="true">${choices}</qti-order-interaction>`;
  } else {
    const multiple = question.type === 'multiple_choice';
    const correct = choiceIds.filter((_, index) => question.options[index]?.correct);
    declaration =
      `<qti-response-declaration identifier="RESPONSE" cardinality="${multiple ? 'multiple' : 'single'}" base-type="identifier">` +
      `<qti-correct-response>${correct.map((id) => `<qti-value>${id}</qti-value>`).join('')}</qti-correct-response>` +
      `</qti-response-declaration>`;
    interaction = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${multiple ? 0 : 1}">${choices}</qti-choice-interaction>`;
  }
  const feedback = question.feedback
    ? `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="GENERAL" show-hide="show">${paragraphs(question.feedback)}</qti-modal-feedback>`
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<qti-assessment-item xmlns="${QTI_NS}" identifier="${identifier}" title="${escapeXml(question.prompt.split('\n')[0]!.slice(0, 200))}" adaptive="false" time-dependent="false">` +
    declaration +
    `<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>` +
    `<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${question.points}</qti-value></qti-default-value></qti-outcome-declaration>` +
    `<qti-item-body>${paragraphs(question.prompt)}${interaction}</qti-item-body>` +
    `<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/${question.type === 'open_answer' ? 'map_response' : 'match_correct'}.xml"/>` +
    feedback +
    `</qti-assessment-item>\n`
  );
}

/** The zip of a quiz's questions, in order, as a QTI 3.0 package. */
export function qtiPackage(title: string, questions: ExportQuestion[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const ids = questions.map((question) => `Q${question.id}`);
  questions.forEach((question, index) => {
    zip.addBuffer(Buffer.from(itemXml(question, ids[index]!)), `items/${ids[index]}.xml`);
  });
  const test =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<qti-assessment-test xmlns="${QTI_NS}" identifier="TEST" title="${escapeXml(title)}">` +
    `<qti-test-part identifier="PART" navigation-mode="nonlinear" submission-mode="simultaneous">` +
    `<qti-assessment-section identifier="SECTION" title="${escapeXml(title)}" visible="true">` +
    ids.map((id) => `<qti-assessment-item-ref identifier="${id}" href="items/${id}.xml"/>`).join('') +
    `</qti-assessment-section></qti-test-part></qti-assessment-test>\n`;
  zip.addBuffer(Buffer.from(test), 'test.xml');
  const manifest =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="MANIFEST">` +
    `<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata><organizations/>` +
    `<resources><resource identifier="TEST" type="imsqti_test_xmlv3p0" href="test.xml"><file href="test.xml"/>` +
    ids.map((id) => `<dependency identifierref="${id}"/>`).join('') +
    `</resource>` +
    ids
      .map(
        (id) =>
          `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="items/${id}.xml"><file href="items/${id}.xml"/></resource>`,
      )
      .join('') +
    `</resources></manifest>\n`;
  zip.addBuffer(Buffer.from(manifest), 'imsmanifest.xml');
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
