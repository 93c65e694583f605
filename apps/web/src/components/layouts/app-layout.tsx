import {
  BarChart3,
  CalendarDays,
  ChevronDown,
  CloudSun,
  LayoutGrid,
  LogOut,
  Luggage,
  Newspaper,
  Settings,
  Shirt,
  SlidersHorizontal,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ko, type UserDto } from '@otboo/contract';
import { MenuLink, type MenuIcon } from '@/components/layouts/menu-link';
import { isActivePath, TabBar } from '@/components/layouts/tab-bar';
import { Avatar } from '@/components/ui/avatar';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

interface NavEntry {
  label: string;
  path: string;
  icon: MenuIcon;
  adminOnly?: boolean;
}

const NAV: NavEntry[] = [
  { label: ko.layout.sidebarRecommendations, path: paths.recommendations.path, icon: CloudSun },
  { label: ko.plans.title, path: paths.plans.path, icon: CalendarDays },
  { label: ko.layout.sidebarCloset, path: paths.closet.path, icon: Shirt },
  { label: ko.clothes.insights.title, path: paths.closet.report.path, icon: BarChart3 },
  { label: ko.trips.title, path: paths.trips.path, icon: Luggage },
  { label: ko.layout.sidebarFeeds, path: paths.feeds.path, icon: Newspaper },
  { label: ko.layout.sidebarProfile, path: paths.profiles.path, icon: UserRound },
  { label: ko.layout.sidebarAdminUsers, path: paths.admin.users.path, icon: UsersRound, adminOnly: true },
  {
    label: ko.layout.sidebarAdminAttributes,
    path: paths.admin.clothesAttributes.path,
    icon: SlidersHorizontal,
    adminOnly: true,
  },
];

/** The entry the page belongs to, the most specific match: on /closet/report '옷장 리포트', not '옷장'. */
function activeNavPath(pathname: string): string | undefined {
  return NAV.map((entry) => entry.path)
    .filter((path) => isActivePath(pathname, path))
    .sort((a, b) => b.length - a.length)[0];
}

interface AppLayoutProps {
  user: UserDto;
  avatarUrl: string | null;
  /** The notification bell; its panel belongs to the notifications feature. */
  bell: ReactNode;
  /** The conversations entry next to the bell; its list belongs to the messages feature. */
  messages?: ReactNode;
  onSignOut(): void;
  children: ReactNode;
}

/**
 * The signed-in frame. From lg, spec §2's desktop: a 280px sidebar, a 60px top bar and the page. Below lg, the
 * phone's: a compact top bar with the logo, the messages, the bell and the avatar, the page at full width, and the
 * bottom tab bar (tab-bar.tsx), each clear of the notch and the home indicator (`env(safe-area-inset-*)`). Both are
 * CSS only (index.css's breakpoints): the hidden one is `display: none`, out of the page and of the tab order.
 */
export function AppLayout({ user, avatarUrl, bell, messages, onSignOut, children }: AppLayoutProps) {
  const { pathname } = useLocation();
  const gray = pathname.includes(paths.recommendations.path);
  const admin = user.role === 'ADMIN';
  return (
    <div className="flex min-h-dvh">
      <aside className="fixed inset-y-0 left-0 z-20 hidden w-[280px] flex-col border-r border-line bg-white lg:flex">
        <div className="flex h-[60px] items-center px-6">
          <Link to={paths.home.href()} className="rounded-xl">
            <Logo />
          </Link>
        </div>
        <nav aria-label={ko.layout.mainNavigation} className="flex-1 px-4 py-4">
          <ul className="flex flex-col gap-1">
            {NAV.filter((entry) => !entry.adminOnly || admin).map((entry) => (
              <li key={entry.path}>
                <MenuLink
                  to={entry.path}
                  label={entry.label}
                  icon={entry.icon}
                  active={entry.path === activeNavPath(pathname)}
                />
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div
        className={cn(
          'flex min-h-dvh min-w-0 flex-1 flex-col lg:ml-[280px]',
          gray ? 'bg-surface' : 'bg-white',
        )}
      >
        <header className="sticky top-0 z-10 flex h-[calc(3.5rem+env(safe-area-inset-top))] items-center justify-between gap-2 border-b border-line bg-white/90 pt-[env(safe-area-inset-top)] pr-[max(0.5rem,env(safe-area-inset-right))] pl-[max(1rem,env(safe-area-inset-left))] backdrop-blur lg:h-[60px] lg:justify-end lg:pt-0 lg:pr-6 lg:pl-6">
          <Link to={paths.home.href()} className="min-w-0 rounded-xl lg:hidden">
            <Logo />
          </Link>
          <div className="flex shrink-0 items-center gap-0.5 lg:gap-2">
            {messages}
            {bell}
            <ProfileMenu user={user} avatarUrl={avatarUrl} onSignOut={onSignOut} />
          </div>
        </header>
        <main className="flex-1 pb-(--bottom-chrome) lg:pb-0">{children}</main>
      </div>
      <TabBar admin={admin} />
    </div>
  );
}

function ProfileMenu({
  user,
  avatarUrl,
  onSignOut,
}: Pick<AppLayoutProps, 'user' | 'avatarUrl' | 'onSignOut'>) {
  const navigate = useNavigate();
  const item =
    'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-[15px] text-ink outline-none select-none data-highlighted:bg-surface';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={ko.layout.openProfileMenu}
        className="flex h-11 items-center gap-1.5 rounded-full py-1 pr-2 pl-1 hover:bg-surface data-[state=open]:bg-surface lg:h-auto"
      >
        <Avatar src={avatarUrl} alt="" size={30} />
        <ChevronDown className="size-4 text-ink-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 w-56 rounded-2xl border border-line bg-white p-1.5 shadow-lg"
        >
          <div className="px-3 pt-2 pb-2.5">
            <p className="truncate text-[15px] font-bold text-ink">{user.name}</p>
            <p className="truncate text-[13px] text-ink-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="mx-1 mb-1 h-px bg-line" />
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.feeds.href(user.id))}>
            <LayoutGrid className="size-4 text-ink-muted" aria-hidden />
            {ko.layout.myFeeds}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.settings.href())}>
            <Settings className="size-4 text-ink-muted" aria-hidden />
            {ko.layout.editProfile}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onSignOut}>
            <LogOut className="size-4 text-ink-muted" aria-hidden />
            {ko.layout.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
