import { CloudSun, Ellipsis, Newspaper, Shirt, SlidersHorizontal, UserRound, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ko } from '@otboo/contract';
import { MenuLink, type MenuIcon } from '@/components/layouts/menu-link';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

interface TabEntry {
  label: string;
  path: string;
  icon: MenuIcon;
}

/** The four tabs every user has; the sidebar's labels, '날씨별 옷 추천' shortened to fit a fifth of a phone. */
const TABS: TabEntry[] = [
  { label: ko.layout.tabRecommendations, path: paths.recommendations.path, icon: CloudSun },
  { label: ko.layout.sidebarCloset, path: paths.closet.path, icon: Shirt },
  { label: ko.layout.sidebarFeeds, path: paths.feeds.path, icon: Newspaper },
  { label: ko.layout.sidebarProfile, path: paths.profiles.path, icon: UserRound },
];

/** The administrator's pages, behind '더보기'. */
const ADMIN: TabEntry[] = [
  { label: ko.layout.sidebarAdminUsers, path: paths.admin.users.path, icon: UsersRound },
  {
    label: ko.layout.sidebarAdminAttributes,
    path: paths.admin.clothesAttributes.path,
    icon: SlidersHorizontal,
  },
];

/** Active by exact match or path prefix (spec §2). */
export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

const TAB =
  'flex h-(--tab-bar-height) w-full flex-col items-center justify-center gap-1 text-xs transition-colors';
const tabTone = (active: boolean) => (active ? 'font-bold text-brand-600' : 'text-ink-soft hover:text-ink');

/**
 * The phone's main navigation below lg: a bar of tabs along the bottom edge, above the home indicator, instead of
 * the sidebar. Administrators get a fifth tab, '더보기', whose sheet lists the admin pages. `data-tab-bar` tells
 * index.css to keep the bottom of the screen clear for it.
 */
export function TabBar({ admin }: { admin: boolean }) {
  const { pathname } = useLocation();
  const [more, setMore] = useState(false);
  const onAdminPage = ADMIN.some((entry) => isActivePath(pathname, entry.path));
  return (
    <nav
      aria-label={ko.layout.mainNavigation}
      data-tab-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] backdrop-blur lg:hidden"
    >
      <ul className={cn('grid', admin ? 'grid-cols-5' : 'grid-cols-4')}>
        {TABS.map((entry) => {
          const active = isActivePath(pathname, entry.path);
          const Icon = entry.icon;
          return (
            <li key={entry.path}>
              <NavLink
                to={entry.path}
                aria-current={active ? 'page' : undefined}
                className={cn(TAB, tabTone(active))}
              >
                <Icon className="size-6" aria-hidden />
                {entry.label}
              </NavLink>
            </li>
          );
        })}
        {admin ? (
          <li>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setMore(true)}
              className={cn(TAB, tabTone(onAdminPage))}
            >
              <Ellipsis className="size-6" aria-hidden />
              {ko.layout.tabMore}
            </button>
            <Sheet open={more} onOpenChange={setMore} title={ko.layout.adminMenu}>
              <ul className="flex flex-col gap-1">
                {ADMIN.map((entry) => (
                  <li key={entry.path}>
                    <MenuLink
                      to={entry.path}
                      label={entry.label}
                      icon={entry.icon}
                      active={isActivePath(pathname, entry.path)}
                      onClick={() => setMore(false)}
                    />
                  </li>
                ))}
              </ul>
            </Sheet>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
