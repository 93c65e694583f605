import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/utils/cn';

export type MenuIcon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

interface MenuLinkProps {
  to: string;
  label: string;
  icon: MenuIcon;
  active: boolean;
  onClick?: () => void;
}

/** One row of a vertical menu (the desktop sidebar, the phone's '더보기' sheet): icon and label, 48 px high. */
export function MenuLink({ to, label, icon: Icon, active, onClick }: MenuLinkProps) {
  return (
    <NavLink
      to={to}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex h-12 items-center gap-3 rounded-xl px-4 text-[15px] transition-colors',
        active ? 'bg-brand-50 font-bold text-brand-600' : 'text-ink-soft hover:bg-surface',
      )}
    >
      <Icon className="size-5" aria-hidden />
      {label}
    </NavLink>
  );
}
