import { describe, expect, it } from 'vitest';
import { parseCsvRecords, parseGift, parseQuizCsv, parseQuizImport, questionProblems } from './quiz-import';

describe('parseGift', () => {
  it('reads single choice, multiple choice (weights), short answer and true/false, with feedback', () => {
    const source = [
      '// A comment line',
      '$CATEGORY: lifting',
      '',
      '::Q1:: How do you lift a heavy box? {',
      '  =With bent knees#Right: your legs do the work.',
      '  ~With a bent back#That strains your spine.',
      '  ####Keep the load close to your body.',
      '}',
      '',
      'Which protect your hands and feet? {~%50%Gloves ~%50%Safety shoes ~%-100%Sunglasses}',
      '',
      'What is the usual maximum load for one person? {=25 kg =25 kilograms}',
      '',
      'Lifting with a straight back is safer.{T}',
      '',
      'The escaped \\{ brace and 1\\=1 stay text. {=yes ~no}',
      '',
      'Workers must wear {=helmets ~sandals} on site.',
    ].join('\n');
    const { questions, errors } = parseGift(source);
    expect(errors).toEqual([]);
    expect(questions.map((q) => [q.line, q.type])).toEqual([
      [4, 'single_choice'],
      [10, 'multiple_choice'],
      [12, 'open_answer'],
      [14, 'single_choice'],
      [16, 'single_choice'],
      [18, 'single_choice'],
    ]);
    expect(questions[0]).toMatchObject({
      prompt: 'How do you lift a heavy box?',
      feedback: 'Keep the load close to your body.',
      options: [
        { text: 'With bent knees', correct: true, feedback: 'Right: your legs do the work.' },
        { text: 'With a bent back', correct: false, feedback: 'That strains your spine.' },
      ],
    });
    expect(questions[1]?.options.map((o) => o.correct)).toEqual([true, true, false]);
    expect(questions[2]?.acceptedAnswers).toEqual(['25 kg', '25 kilograms']);
    expect(questions[3]?.options).toEqual([
      { text: 'True', correct: true, feedback: null },
      { text: 'False', correct: false, feedback: null },
    ]);
    expect(questions[4]?.prompt).toBe('The escaped { brace and 1=1 stay text.');
    expect(questions[5]?.prompt).toBe('Workers must wear _____ on site.');
  });

  it.each([
    ['A question without answers', 1, 'answer block'],
    ['Unclosed {=a ~b', 1, 'not closed'],
    ['Write an essay {}', 1, 'Essay'],
    ['How much? {#5:1}', 1, 'Numerical'],
    ['Match {=a -> 1 =b -> 2}', 1, 'Matching'],
    ['Two right answers and a wrong one is fine, zero right is not {~a ~b}', 1, 'correct option'],
    ['::Title without end What? {=a ~b}', 1, 'title'],
    ['\n\nEmpty answer {= ~b}', 3, 'empty'],
  ])('reports %j at line %i', (source, line, message) => {
    const { errors } = parseGift(source);
    expect(errors[0]?.line).toBe(line);
    expect(errors[0]?.message).toContain(message);
  });

  it('reports every bad question, each by its first line, and still lists the good ones', () => {
    const { questions, errors } = parseGift('Good {=a ~b}\n\nBad one\n\nAlso good {T}\n\nBad {}');
    expect(questions).toHaveLength(2);
    expect(errors.map((error) => error.line)).toEqual([3, 7]);
  });

  it('says so when there is nothing to import', () => {
    expect(parseGift('// only a comment\n').errors).toEqual([{ line: 1, message: 'No questions found.' }]);
  });
});

describe('parseQuizCsv', () => {
  it('reads a header and rows, with quoted fields holding commas, quotes and line breaks', () => {
    const source = [
      'type,question,options,correct,feedback,points',
      'single_choice,"How do you lift, safely?",Bent knees|Bent back,1,"Use your ""legs""",2',
      'multiple,Which protect you?,Gloves|Shoes|Sunglasses,1|2,,',
      'open_answer,"Maximum load',
      'for one person?",,25 kg|25 kilograms,,',
    ].join('\r\n');
    const { questions, errors } = parseQuizCsv(source);
    expect(errors).toEqual([]);
    expect(questions).toHaveLength(3);
    expect(questions[0]).toMatchObject({
      line: 2,
      type: 'single_choice',
      prompt: 'How do you lift, safely?',
      points: 2,
      feedback: 'Use your "legs"',
      options: [
        { text: 'Bent knees', correct: true, feedback: null },
        { text: 'Bent back', correct: false, feedback: null },
      ],
    });
    expect(questions[1]?.options.map((o) => o.correct)).toEqual([true, true, false]);
    expect(questions[2]).toMatchObject({
      line: 4,
      type: 'open_answer',
      prompt: 'Maximum load\nfor one person?',
      acceptedAnswers: ['25 kg', '25 kilograms'],
    });
  });

  it('accepts semicolons as the separator', () => {
    const { questions } = parseQuizCsv('type;question;options;correct\nsingle;Yes?;Yes|No;1\n');
    expect(questions[0]?.options).toHaveLength(2);
  });

  it.each([
    ['question\nWhat?', 1, 'missing: type'],
    ['type,question,options,correct\nessay,Write,,', 2, 'Unknown question type'],
    ['type,question,options,correct\nsingle,Pick,A|B,3', 2, 'option numbers'],
    ['type,question,options,correct\nsingle,Pick,A|B,1|2', 2, 'exactly one'],
    ['type,question,options,correct\nmultiple,Pick,A,1', 2, '2 to 20 options'],
    ['type,question,options,correct\nopen,Say,,', 2, 'accepted answer'],
    ['type,question,options,correct\nopen,Say,A|B,A', 2, 'no options'],
    ['type,question,options,correct,feedback,points\nsingle,Pick,A|B,1,,0', 2, 'Points'],
    ['type,question,options,correct\nsingle,,A|B,1', 2, 'no text'],
    ['type,question\nsingle,"never closed', 2, 'not closed'],
    ['', 1, 'empty'],
  ])('reports %j at line %i', (source, line, message) => {
    const { errors } = parseQuizCsv(source);
    expect(errors[0]?.line).toBe(line);
    expect(errors[0]?.message).toContain(message);
  });

  it('reports each bad row by its line', () => {
    const source = 'type,question,options,correct\nsingle,A?,x|y,1\nbad,B?,,\nsingle,C?,x|y,\nopen,D?,,d\n';
    const { questions, errors } = parseQuizCsv(source);
    expect(questions.map((q) => q.line)).toEqual([2, 5]);
    expect(errors.map((e) => e.line)).toEqual([3, 4]);
  });
});

describe('parseCsvRecords', () => {
  it('skips blank lines and keeps where each record starts', () => {
    const { records } = parseCsvRecords('a,b\n\n"x\ny",z\n', ',');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['x\ny', 'z'] },
    ]);
  });
});

describe('questionProblems and parseQuizImport', () => {
  it('accepts a well-formed question', () => {
    expect(
      questionProblems({
        type: 'single_choice',
        prompt: 'Pick',
        options: [
          { text: 'A', correct: true, feedback: null },
          { text: 'B', correct: false, feedback: null },
        ],
        acceptedAnswers: [],
        feedback: null,
        points: 1,
      }),
    ).toEqual([]);
  });

  const base = {
    type: 'single_choice' as const,
    prompt: 'Pick',
    options: [
      { text: 'A', correct: true, feedback: null },
      { text: 'B', correct: false, feedback: null },
    ],
    acceptedAnswers: [],
    feedback: null,
    points: 1,
  };
  it.each([
    [{ prompt: ' ' }, 'prompt'],
    [{ points: 0 }, 'points'],
    [{ points: 1.5 }, 'points'],
    [{ options: [{ text: 'A', correct: true, feedback: null }] }, 'options'],
    [
      { type: 'multiple_choice' as const, options: base.options.map((o) => ({ ...o, correct: false })) },
      'options',
    ],
    [{ type: 'open_answer' as const, acceptedAnswers: [' '] }, 'accepted_answers'],
  ])('%j is refused on %s', (change, field) => {
    expect(questionProblems({ ...base, ...change }).map((problem) => problem.field)).toContain(field);
  });

  it('dispatches on the format', () => {
    expect(parseQuizImport('gift', 'Q {T}').questions).toHaveLength(1);
    expect(parseQuizImport('csv', 'type,question,correct\nopen,Q,a').questions).toHaveLength(1);
  });
});
