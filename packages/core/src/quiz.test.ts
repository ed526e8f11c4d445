import { describe, expect, it } from 'vitest';
import { attemptsLeft, drawQuestions, normaliseOpenAnswer, scoreQuestion, scoreQuiz } from './quiz';
import type { QuizQuestion } from './quiz';

const single: QuizQuestion = {
  id: 's',
  type: 'single_choice',
  points: 1,
  options: [
    { id: 'a', text: 'Bend your knees', correct: true, feedback: 'Yes: the legs do the work.' },
    { id: 'b', text: 'Bend your back', correct: false, feedback: 'That strains the spine.' },
  ],
  acceptedAnswers: [],
  feedback: 'Keep the load close.',
};
const multiple: QuizQuestion = {
  id: 'm',
  type: 'multiple_choice',
  points: 2,
  options: [
    { id: 'a', text: 'Gloves', correct: true },
    { id: 'b', text: 'Safety shoes', correct: true },
    { id: 'c', text: 'Sunglasses', correct: false },
  ],
  acceptedAnswers: [],
};
const open: QuizQuestion = {
  id: 'o',
  type: 'open_answer',
  points: 1,
  options: [],
  acceptedAnswers: ['25 kg', '25 kilograms'],
};

describe('scoreQuestion', () => {
  it.each([
    { question: single, response: { questionId: 's', optionIds: ['a'] }, correct: true },
    { question: single, response: { questionId: 's', optionIds: ['b'] }, correct: false },
    { question: single, response: { questionId: 's', optionIds: ['a', 'b'] }, correct: false },
    { question: single, response: { questionId: 's', optionIds: [] }, correct: false },
    { question: multiple, response: { questionId: 'm', optionIds: ['b', 'a'] }, correct: true },
    { question: multiple, response: { questionId: 'm', optionIds: ['a'] }, correct: false },
    { question: multiple, response: { questionId: 'm', optionIds: ['a', 'b', 'c'] }, correct: false },
    { question: open, response: { questionId: 'o', text: '  25   KG. ' }, correct: true },
    { question: open, response: { questionId: 'o', text: '25 Kilograms' }, correct: true },
    { question: open, response: { questionId: 'o', text: '20 kg' }, correct: false },
    { question: open, response: { questionId: 'o', text: '' }, correct: false },
    { question: open, response: undefined, correct: false },
  ])('$question.type with $response → $correct', ({ question, response, correct }) => {
    const result = scoreQuestion(question, response);
    expect(result.correct).toBe(correct);
    expect(result.pointsAwarded).toBe(correct ? question.points : 0);
  });

  it('gives the general feedback and the feedback of the chosen option, and reveals the right answer', () => {
    const result = scoreQuestion(single, { questionId: 's', optionIds: ['b'] });
    expect(result.feedback).toEqual(['Keep the load close.', 'That strains the spine.']);
    expect(result.correctOptionIds).toEqual(['a']);
    expect(scoreQuestion(open, undefined).acceptedAnswers).toEqual(['25 kg', '25 kilograms']);
  });
});

describe('scoreQuiz', () => {
  it.each([
    { responses: [], score: 0, percent: 0, passed: false },
    { responses: [{ questionId: 's', optionIds: ['a'] }], score: 1, percent: 25, passed: false },
    {
      responses: [
        { questionId: 's', optionIds: ['a'] },
        { questionId: 'm', optionIds: ['a', 'b'] },
      ],
      score: 3,
      percent: 75,
      passed: true,
    },
    {
      responses: [
        { questionId: 's', optionIds: ['a'] },
        { questionId: 'm', optionIds: ['a', 'b'] },
        { questionId: 'o', text: '25 kg' },
        { questionId: 'unknown', optionIds: ['a'] },
      ],
      score: 4,
      percent: 100,
      passed: true,
    },
  ])(
    'scores $score of 4 ($percent %), passed $passed at a 70 % pass mark',
    ({ responses, score, percent, passed }) => {
      const result = scoreQuiz([single, multiple, open], responses, 70);
      expect(result).toMatchObject({ score, maxScore: 4, percent, passed });
      expect(result.results).toHaveLength(3);
    },
  );

  it('never passes an empty quiz', () => {
    expect(scoreQuiz([], [], 0).passed).toBe(false);
  });
});

describe('drawQuestions', () => {
  const pool = ['q1', 'q2', 'q3', 'q4', 'q5'];
  it.each([
    [null, pool],
    [undefined, pool],
    [0, pool],
    [5, pool],
    [9, pool],
  ])('count %s takes the whole pool in order', (count, expected) => {
    expect(drawQuestions(pool, count, Math.random)).toEqual(expected);
  });

  it('draws the asked number of distinct questions, kept in pool order', () => {
    for (let run = 0; run < 50; run += 1) {
      const drawn = drawQuestions(pool, 3, Math.random);
      expect(drawn).toHaveLength(3);
      expect(new Set(drawn).size).toBe(3);
      expect([...drawn].sort((a, b) => pool.indexOf(a) - pool.indexOf(b))).toEqual(drawn);
    }
  });

  it('is decided by the random source', () => {
    expect(drawQuestions(pool, 2, () => 0)).toEqual(['q1', 'q2']);
    expect(drawQuestions(pool, 2, () => 0.999)).toEqual(['q1', 'q5']);
  });
});

describe('attemptsLeft and normaliseOpenAnswer', () => {
  it.each([
    [null, 3, null],
    [3, 0, 3],
    [3, 2, 1],
    [3, 5, 0],
  ])('limit %s after %s attempts → %s left', (limit, used, left) => {
    expect(attemptsLeft(limit, used)).toBe(left);
  });

  it.each([
    ['  Hello   World. ', 'hello world'],
    ['ÉCOLE', 'école'],
    ['yes!', 'yes'],
  ])('%j → %j', (input, output) => {
    expect(normaliseOpenAnswer(input)).toBe(output);
  });
});
