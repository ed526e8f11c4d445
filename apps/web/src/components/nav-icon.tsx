import type { NavIcon as NavIconName } from '../lib/navigation';
import { CardIcon, CheckIcon } from './icons';
import {
  AwardIcon,
  BookIcon,
  FolderIcon,
  GearIcon,
  GridIcon,
  HelpIcon,
  HomeIcon,
  MegaphoneIcon,
  TicketIcon,
  UserIcon,
  UsersIcon,
} from './icons-ui';

const icons = {
  dashboard: HomeIcon,
  courses: BookIcon,
  catalog: GridIcon,
  certificate: AwardIcon,
  sales: CardIcon,
  marketing: MegaphoneIcon,
  support: HelpIcon,
  settings: GearIcon,
  students: UsersIcon,
  tickets: TicketIcon,
  news: MegaphoneIcon,
  approvals: CheckIcon,
  portfolio: FolderIcon,
  profile: UserIcon,
} satisfies Record<NavIconName, unknown>;

export function NavIcon({
  name,
  size = 18,
  className,
}: {
  name?: NavIconName;
  size?: number;
  className?: string;
}) {
  const Component = name ? icons[name] : null;
  return Component ? <Component size={size} className={className} /> : null;
}
