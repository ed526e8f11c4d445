export { roleLabel } from '../../../lib/role-label';
