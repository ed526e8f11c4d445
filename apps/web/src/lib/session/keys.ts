/** Query keys owned by the session module (one owner per key, STYLE.md §8). */
export const PING_QUERY_KEY = ['ping'] as const;
export const ME_QUERY_KEY = ['me'] as const;
export const CURRENT_PORTAL_QUERY_KEY = ['portals', 'current'] as const;
