/** The query key owned by the session module (one owner per key, STYLE.md §8). */
export const PING_QUERY_KEY = ['ping'] as const;
