import type { MessageCatalog } from './catalog';

/** Account administration: the invitation mail of an account made by staff or by an import. */
export const ACCOUNT_MESSAGES = {
  account_invitation_subject: {
    en: '{portal}: your account is ready',
    nl: '{portal}: je account staat klaar',
    ro: '{portal}: contul tău este pregătit',
  },
  account_invitation_body: {
    en: 'Hello {name},\n\nAn account on {portal} has been made for you. Choose your password within {days} days at:\n\n{link}\n\nAfter that, ask for a new link with "Forgot password" on the sign-in page.',
    nl: 'Hallo {name},\n\nEr is een account op {portal} voor je aangemaakt. Kies binnen {days} dagen je wachtwoord via:\n\n{link}\n\nDaarna vraag je een nieuwe link aan met "Wachtwoord vergeten" op de aanmeldpagina.',
    ro: 'Bună, {name},\n\nȚi-a fost creat un cont pe {portal}. Alege-ți parola în {days} zile la:\n\n{link}\n\nDupă aceea, cere un link nou cu „Ai uitat parola” pe pagina de autentificare.',
  },
} as const satisfies MessageCatalog;
