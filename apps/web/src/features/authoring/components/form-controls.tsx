/** Moved to components/form/controls so that other features share it; this path stays for the authoring imports. */
export * from '../../../components/form/controls';
