/** View settings live in lib/ now that more than one feature keeps them. */
export { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';
