import type { Locale } from '../constants';

/** Message texts per key and language; `{name}` is replaced by the parameter of that name. */
export type MessageCatalog = Record<string, Record<Locale, string>>;

/** The parameters of a message: plain values, stored as JSON beside the key. */
export type MessageParams = Record<string, string | number>;
