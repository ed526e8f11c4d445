import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { readerErrorText } from './errors';
import { MESSAGE_KEYS, placeholdersOf, renderMessage } from './index';

describe('notification messages', () => {
  it('renders a key in each language with its parameters', () => {
    expect(renderMessage('answer_approved', { title: 'Tillen' }, 'nl')).toBe(
      'Je antwoord op "Tillen" is goedgekeurd.',
    );
    expect(renderMessage('answer_approved', { title: 'Lifting' }, 'en')).toBe(
      'Your answer to "Lifting" was approved.',
    );
  });

  it('keeps a missing parameter visible and an unknown key as itself', () => {
    expect(renderMessage('answer_approved', {}, 'en')).toContain('{title}');
    expect(renderMessage('no_such_message', {}, 'en')).toBe('no_such_message');
  });

  it('has every key in every language with the same placeholders', () => {
    for (const key of MESSAGE_KEYS) {
      const english = placeholdersOf(renderMessage(key, null, 'en')).sort();
      for (const locale of LANGUAGES) {
        expect(placeholdersOf(renderMessage(key, null, locale)).sort(), `${key} (${locale})`).toEqual(
          english,
        );
      }
    }
  });
});

describe('error texts', () => {
  it('word a known error for the reader, even when the server wrote its detail in another language', () => {
    const refused = {
      code: 'PROMOTION_NOT_USABLE',
      detail: 'Deze kortingscode bestaat niet.',
      meta: { rule: 'unknown' },
    };
    expect(readerErrorText(refused, 'en')).toBe('This promotion code does not exist.');
    expect(readerErrorText(refused, 'nl')).toBe('Deze kortingscode bestaat niet.');
    // An unknown code keeps the server's own words.
    expect(readerErrorText({ code: 'SOMETHING_NEW', detail: 'Iets nieuws.' }, 'en')).toBe('Iets nieuws.');
  });
});
