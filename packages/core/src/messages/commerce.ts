import type { MessageCatalog } from './catalog';

/** Notifications of the shop: orders, refunds, subscriptions and order automations. */
export const COMMERCE_MESSAGES = {
  order_paid: {
    en: 'Thank you! Order {order} is paid; what you bought is ready for you.',
    nl: 'Bedankt! Bestelling {order} is betaald; wat je kocht staat voor je klaar.',
    ro: 'Mulțumim! Comanda {order} este plătită; ce ai cumpărat este gata pentru tine.',
  },
  order_refunded: {
    en: 'Order {order} was refunded. The credit note is with your orders.',
    nl: 'Bestelling {order} is terugbetaald. De creditnota staat bij je bestellingen.',
    ro: 'Comanda {order} a fost rambursată. Nota de credit este la comenzile tale.',
  },
  order_promotion_withdrawn: {
    en: 'Promotion code {code} was no longer available for order {order}: the order is now at the full price.',
    nl: 'Kortingscode {code} was niet meer beschikbaar voor bestelling {order}: de bestelling staat nu op de volle prijs.',
    ro: 'Codul promoțional {code} nu mai era disponibil pentru comanda {order}: comanda are acum prețul întreg.',
  },
  subscription_renewal_failed: {
    en: 'We could not renew your plan "{plan}". Check your payment details to keep access.',
    nl: 'We konden je abonnement "{plan}" niet verlengen. Controleer je betaalgegevens om toegang te houden.',
    ro: 'Nu am putut reînnoi abonamentul „{plan}”. Verifică datele de plată pentru a păstra accesul.',
  },
  subscription_expired: {
    en: 'Your plan "{plan}" has ended.',
    nl: 'Je abonnement "{plan}" is beëindigd.',
    ro: 'Abonamentul tău „{plan}” s-a încheiat.',
  },
  order_automation_failed: {
    en: 'The order automation "{name}" failed for order {order} after several attempts.',
    nl: 'De bestelautomatisering "{name}" is mislukt voor bestelling {order}, na meerdere pogingen.',
    ro: 'Automatizarea de comenzi „{name}” a eșuat pentru comanda {order} după mai multe încercări.',
  },
} as const satisfies MessageCatalog;
