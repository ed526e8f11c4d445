/** Validation messages per interface language; the English texts are the spec's (SPEC §5). */
import { DEFAULT_LANGUAGE, isLocale, type Locale } from '../constants';

export const VALIDATION_MESSAGE_KEYS = [
  'validation.required',
  'validation.is_required',
  'validation.regex',
  'validation.min',
  'validation.max',
  'validation.in_array',
  'validation.is_email',
  'validation.equals',
  'validation.selected',
  'validation.unselected',
  'validation.correct',
  'validation.incorrect',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

export interface ValidationError {
  key: ValidationMessageKey;
  params: Record<string, string | number>;
}

export const VALIDATION_MESSAGES: Readonly<Record<Locale, Readonly<Record<ValidationMessageKey, string>>>> = {
  en: {
    'validation.required': 'This field is required.',
    'validation.is_required': 'Please select an option.',
    'validation.regex': 'This field does not have the required format ({pattern}).',
    'validation.min': 'This field requires at least {n} characters.',
    'validation.max': 'This field has a maximum of {n} characters.',
    'validation.in_array': 'This field needs to have one of the following values: {values}.',
    'validation.is_email': 'This field should contain a valid email address.',
    'validation.equals': 'This field should match {value}.',
    'validation.selected': 'This field should be selected.',
    'validation.unselected': 'This field should not be selected.',
    'validation.correct': 'This answer should be marked as correct.',
    'validation.incorrect': 'This answer should be marked as incorrect.',
  },
  nl: {
    'validation.required': 'Dit veld is verplicht.',
    'validation.is_required': 'Kies een optie.',
    'validation.regex': 'Dit veld heeft niet het vereiste formaat ({pattern}).',
    'validation.min': 'Dit veld vereist minimaal {n} tekens.',
    'validation.max': 'Dit veld mag maximaal {n} tekens bevatten.',
    'validation.in_array': 'Dit veld moet een van de volgende waarden hebben: {values}.',
    'validation.is_email': 'Dit veld moet een geldig e-mailadres bevatten.',
    'validation.equals': 'Dit veld moet overeenkomen met {value}.',
    'validation.selected': 'Dit veld moet geselecteerd zijn.',
    'validation.unselected': 'Dit veld mag niet geselecteerd zijn.',
    'validation.correct': 'Dit antwoord moet als juist gemarkeerd zijn.',
    'validation.incorrect': 'Dit antwoord moet als onjuist gemarkeerd zijn.',
  },
  ro: {
    'validation.required': 'Acest câmp este obligatoriu.',
    'validation.is_required': 'Vă rugăm să selectați o opțiune.',
    'validation.regex': 'Acest câmp nu are formatul necesar ({pattern}).',
    'validation.min': 'Acest câmp necesită cel puțin {n} caractere.',
    'validation.max': 'Acest câmp poate avea cel mult {n} caractere.',
    'validation.in_array': 'Acest câmp trebuie să aibă una dintre următoarele valori: {values}.',
    'validation.is_email': 'Acest câmp trebuie să conțină o adresă de e-mail validă.',
    'validation.equals': 'Acest câmp trebuie să corespundă cu {value}.',
    'validation.selected': 'Acest câmp trebuie să fie selectat.',
    'validation.unselected': 'Acest câmp nu trebuie să fie selectat.',
    'validation.correct': 'Acest răspuns trebuie marcat ca fiind corect.',
    'validation.incorrect': 'Acest răspuns trebuie marcat ca fiind incorect.',
  },
};

/** Fills `{name}` placeholders from params; unknown placeholders are left visible. */
export function interpolateMessage(
  template: string,
  params: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

/** The message in the given language; an unknown language falls back to the portal default. */
export function formatValidationMessage(error: ValidationError, locale: string = DEFAULT_LANGUAGE): string {
  const messages = VALIDATION_MESSAGES[isLocale(locale) ? locale : DEFAULT_LANGUAGE];
  return interpolateMessage(messages[error.key], error.params);
}
