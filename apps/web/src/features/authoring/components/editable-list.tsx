/** Moved to components/ so that other features share it; this path stays for the authoring imports. */
export * from '../../../components/editable-list';
