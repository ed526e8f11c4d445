import type { MailCatalog } from './catalog';

/** E-mails of signing up and signing in. */
export const AUTH_MAILS = {
  account_exists: {
    en: {
      subject: '{portal}: you already have an account',
      text: [
        'Hello {name},',
        '',
        'Someone tried to create a {portal} account with this e-mail address, which already has one.',
        'If it was you, sign in at {sign_in_link}, or choose a new password at {forgot_link}.',
        '',
        'If it was not you, you can ignore this message; nothing has changed.',
      ].join('\n'),
    },
    nl: {
      subject: '{portal}: je hebt al een account',
      text: [
        'Hallo {name},',
        '',
        'Iemand probeerde een {portal}-account te maken met dit e-mailadres, maar dat heeft er al een.',
        'Was jij het? Meld je dan aan via {sign_in_link}, of kies een nieuw wachtwoord via {forgot_link}.',
        '',
        'Was jij het niet? Dan kun je dit bericht negeren; er is niets veranderd.',
      ].join('\n'),
    },
    ro: {
      subject: '{portal}: ai deja un cont',
      text: [
        'Bună, {name},',
        '',
        'Cineva a încercat să creeze un cont {portal} cu această adresă de e-mail, care are deja unul.',
        'Dacă ai fost tu, autentifică-te la {sign_in_link} sau alege o parolă nouă la {forgot_link}.',
        '',
        'Dacă nu ai fost tu, poți ignora acest mesaj; nu s-a schimbat nimic.',
      ].join('\n'),
    },
  },
  confirm_registration: {
    en: {
      subject: '{portal}: confirm your e-mail address',
      text: [
        'Hello {name},',
        '',
        'Confirm your e-mail address within {hours} hours to start with {portal}:',
        '',
        '{link}',
        '',
        'If you did not sign up, you can ignore this message; no account is made without it.',
      ].join('\n'),
    },
    nl: {
      subject: '{portal}: bevestig je e-mailadres',
      text: [
        'Hallo {name},',
        '',
        'Bevestig je e-mailadres binnen {hours} uur om te beginnen met {portal}:',
        '',
        '{link}',
        '',
        'Heb je je niet aangemeld? Dan kun je dit bericht negeren; zonder bevestiging wordt er geen account gemaakt.',
      ].join('\n'),
    },
    ro: {
      subject: '{portal}: confirmă adresa de e-mail',
      text: [
        'Bună, {name},',
        '',
        'Confirmă adresa de e-mail în cel mult {hours} ore ca să începi cu {portal}:',
        '',
        '{link}',
        '',
        'Dacă nu te-ai înscris, poți ignora acest mesaj; fără confirmare nu se creează niciun cont.',
      ].join('\n'),
    },
  },
  password_reset: {
    en: {
      subject: '{portal}: reset your password',
      text: [
        'Hello {name},',
        '',
        'Someone asked to reset the password of your {portal} account.',
        'Choose a new password within {minutes} minutes at:',
        '',
        '{link}',
        '',
        'If this was not you, you can ignore this message; your password stays as it is.',
      ].join('\n'),
    },
    nl: {
      subject: '{portal}: stel je wachtwoord opnieuw in',
      text: [
        'Hallo {name},',
        '',
        'Iemand heeft gevraagd het wachtwoord van je {portal}-account opnieuw in te stellen.',
        'Kies binnen {minutes} minuten een nieuw wachtwoord via:',
        '',
        '{link}',
        '',
        'Was jij dit niet? Dan kun je dit bericht negeren; je wachtwoord blijft zoals het is.',
      ].join('\n'),
    },
    ro: {
      subject: '{portal}: resetează parola',
      text: [
        'Bună, {name},',
        '',
        'Cineva a cerut resetarea parolei contului tău {portal}.',
        'Alege o parolă nouă în cel mult {minutes} minute la:',
        '',
        '{link}',
        '',
        'Dacă nu ai fost tu, poți ignora acest mesaj; parola rămâne neschimbată.',
      ].join('\n'),
    },
  },
} as const satisfies MailCatalog;
